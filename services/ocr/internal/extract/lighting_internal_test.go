package extract

import (
	"image"
	"image/color"
	"testing"
)

// TestLightSpread: a page lit evenly has no spread whatever its print; a
// page lit from one side has its paper's fall between its parts, and
// flattened makes that paper white again without losing the print.
func TestLightSpread(t *testing.T) {
	page := func(paper func(x int) uint8) *image.Gray {
		g := image.NewGray(image.Rect(0, 0, 600, 400))
		for y := range 400 {
			for x := range 600 {
				v := paper(x)
				if y%20 < 3 && x%9 < 5 { // print: short strokes in rows
					v = 20
				}
				g.SetGray(x, y, color.Gray{Y: v})
			}
		}
		return g
	}
	even := page(func(int) uint8 { return 235 })
	if s := lightSpread(even); s != 0 {
		t.Errorf("evenly lit page: spread %d, want 0", s)
	}
	side := page(func(x int) uint8 { return uint8(240 - x*150/600) })
	if s := lightSpread(side); s < unevenLightSpread {
		t.Errorf("page lit from one side: spread %d, want at least %d", s, unevenLightSpread)
	}
	flat := flattened(side, 30)
	if s := lightSpread(flat); s >= unevenLightSpread/4 {
		t.Errorf("flattened page: spread %d, want under %d", s, unevenLightSpread/4)
	}
	if v := flat.GrayAt(585, 1).Y; v > 100 {
		t.Errorf("print in the shadow is %d after flattening, want dark", v)
	}
}
