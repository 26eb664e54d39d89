package extract

import (
	"image"
	"math/rand/v2"
	"testing"
)

// page draws a grey page 1000 pixels wide with a text-like line (strokes
// of 3 pixels) at each of lines' tops, rules (2 pixels tall) at rules and
// dust everywhere.
func page(lines, rules []int) *image.Gray {
	g := image.NewGray(image.Rect(0, 0, 1000, 1200))
	for i := range g.Pix {
		g.Pix[i] = 235
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 3000 { // single dark pixels: dust and sensor noise
		g.Pix[r.IntN(len(g.Pix))] = 20
	}
	for _, top := range lines {
		for y := top; y < top+30; y++ {
			for x := 100; x < 900; x++ {
				if x%9 < 3 {
					g.Pix[y*g.Stride+x] = 60
				}
			}
		}
	}
	for _, top := range rules {
		for y := top; y < top+2; y++ {
			for x := 100; x < 900; x++ {
				g.Pix[y*g.Stride+x] = 30
			}
		}
	}
	return g
}

func TestInkBands(t *testing.T) {
	read := []span{{100, 130}, {150, 180}, {200, 230}, {500, 530}, {550, 580}}
	tests := []struct {
		name         string
		lines, rules []int
		want         []span
	}{
		{"every line read: no band", []int{100, 150, 200, 500, 550}, nil, nil},
		{"two lines skipped between paragraphs: one band", []int{100, 150, 200, 300, 350, 500, 550}, nil, []span{{300, 380}}},
		{"a rule is no text", []int{100, 150, 200, 500, 550}, []int{400}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, lineH := inkBands(page(tt.lines, tt.rules), read)
			if lineH != 30 {
				t.Errorf("line height %d, want 30", lineH)
			}
			if len(got) != len(tt.want) {
				t.Fatalf("bands %v, want %v", got, tt.want)
			}
			for i := range got {
				if d := got[i].top - tt.want[i].top; d < -2 || d > 2 || got[i].bottom-tt.want[i].bottom < -2 || got[i].bottom-tt.want[i].bottom > 2 {
					t.Errorf("band %v, want %v", got[i], tt.want[i])
				}
			}
		})
	}
}

// TestInkBandsFaintPrint: strokes lighter than two thirds of the paper (a
// grey print on a grey scan, found from outside) are ink when they are the
// page's darkest; grey noise on a page with almost no print is not.
func TestInkBandsFaintPrint(t *testing.T) {
	read := []span{{100, 130}, {150, 180}, {200, 230}, {500, 530}, {550, 580}}
	g := page([]int{100, 150, 200, 300, 350, 500, 550}, nil)
	for i, v := range g.Pix {
		switch v {
		case 60: // the strokes
			g.Pix[i] = 170 // 235 * 2/3 is 156
		case 20: // and the dust, printed faint too
			g.Pix[i] = 165
		}
	}
	if got, _ := inkBands(g, read); len(got) != 1 || got[0].top < 298 || got[0].top > 302 {
		t.Errorf("faint print: bands %v, want the skipped lines at 300", got)
	}

	// One short line read, and pairs of grey noise pixels over the page:
	// the darkest two in a thousand are noise, 35 levels below the paper.
	noisy := image.NewGray(image.Rect(0, 0, 1000, 1200))
	for i := range noisy.Pix {
		noisy.Pix[i] = 235
	}
	r := rand.New(rand.NewPCG(3, 4))
	for range 6000 {
		i := r.IntN(len(noisy.Pix) - 1)
		noisy.Pix[i], noisy.Pix[i+1] = 200, 200
	}
	for y := 100; y < 130; y++ {
		for x := 100; x < 200; x++ {
			if x%9 < 3 {
				noisy.Pix[y*noisy.Stride+x] = 60
			}
		}
	}
	if got, _ := inkBands(noisy, []span{{100, 130}}); len(got) != 0 {
		t.Errorf("grey noise: bands %v, want none", got)
	}
}
