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
