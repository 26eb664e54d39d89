package extract

import (
	"image"
	"math"
	"path/filepath"
	"strings"
	"testing"
)

// TestGaussianBlur: a flat image stays flat (edges included), and a dot
// spreads symmetrically, its ink kept, over about three sigmas.
func TestGaussianBlur(t *testing.T) {
	flat := image.NewGray(image.Rect(0, 0, 9, 7))
	for i := range flat.Pix {
		flat.Pix[i] = 200
	}
	gaussianBlur(flat, 1.5)
	for i, v := range flat.Pix {
		if v != 200 {
			t.Fatalf("flat image: pixel %d is %d after the blur, want 200", i, v)
		}
	}
	dot := image.NewGray(image.Rect(0, 0, 21, 21))
	dot.Pix[10*21+10] = 255
	gaussianBlur(dot, 1)
	sum := 0
	for _, v := range dot.Pix {
		sum += int(v)
	}
	if math.Abs(float64(sum-255)) > 20 {
		t.Errorf("the dot's ink is %d after the blur, want about 255", sum)
	}
	c := dot.GrayAt(10, 10).Y
	if c == 255 || c < 30 {
		t.Errorf("the dot's centre is %d, want it spread (a Gaussian of sigma 1 keeps about 16%%: 40)", c)
	}
	for _, p := range [][2]int{{9, 10}, {11, 10}, {10, 9}, {10, 11}} {
		if v := dot.GrayAt(p[0], p[1]).Y; v == 0 || v > c || v != dot.GrayAt(10, 9).Y {
			t.Errorf("neighbour %v is %d, want the same as the others, under the centre's %d", p, v, c)
		}
	}
	if v := dot.GrayAt(10, 16).Y; v != 0 {
		t.Errorf("six pixels away the dot left %d, want 0", v)
	}
}

// TestDenoiseSigma: the blur scales with the resolution, within bounds.
func TestDenoiseSigma(t *testing.T) {
	for dpi, want := range map[int]float64{100: 0.7, 200: 1, 300: 1.5, 600: 2} {
		if got := denoiseSigma(dpi); got != want {
			t.Errorf("denoiseSigma(%d) = %v, want %v", dpi, got, want)
		}
	}
}

// BenchmarkSmooth smooths and writes a 300-dpi A4 page (2480 x 3508
// pixels); its B/op is the memory a weak page's second reading costs
// before Tesseract runs (18 MB when measured; 80 MB with the image
// library first used).
func BenchmarkSmooth(b *testing.B) {
	g := image.NewGray(image.Rect(0, 0, 2480, 3508))
	for i := range g.Pix {
		g.Pix[i] = uint8(i * 7)
	}
	path := filepath.Join(b.TempDir(), "page.png")
	b.ReportAllocs()
	for b.Loop() {
		if err := writeGray(path, smoothed(g, denoiseSigma(300))); err != nil {
			b.Fatal(err)
		}
	}
}

// TestSmoothedBetter: the smoothed reading must gain a quarter; the
// figures are the readings measured (letters and digits, mean confidence).
func TestSmoothedBetter(t *testing.T) {
	page := func(conf float64, alnum int) PageText {
		return PageText{Confidence: conf, Text: strings.Repeat("a", alnum)}
	}
	tests := []struct {
		name            string
		first, smoothed PageText
		want            bool
	}{
		{"grainy claim form read as nothing", page(0, 0), page(0.908, 406), true},
		{"boxed order form", page(0.727, 96), page(0.608, 373), true},
		{"tax form", page(0.737, 362), page(0.720, 528), true},
		{"table in rows against the same in columns", page(0.760, 645), page(0.785, 647), false},
		{"smoothing lost text", page(0.91, 140), page(0.80, 43), false},
		{"blank page both times", page(0, 0), page(0, 0), false},
	}
	for _, tt := range tests {
		if got := smoothedBetter(tt.first, tt.smoothed); got != tt.want {
			t.Errorf("%s: smoothedBetter = %v, want %v", tt.name, got, tt.want)
		}
	}
}
