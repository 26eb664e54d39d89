package extract

import (
	"image"
	"image/color"
	"math"
	"testing"
)

// TestSkewOf: the median slope of the long lines, the words' bottoms
// fitted along each; short lines and pages of too few lines say nothing.
func TestSkewOf(t *testing.T) {
	line := func(slope float64, words int, descender int) lineBox {
		b := lineBox{words: words}
		for i := range words {
			x := 100 + 150*float64(i)
			y := 500 + slope*x
			if i == descender {
				y += 6 // a "g" or a "p" below the line
			}
			b.fit.add(x, y)
		}
		return b
	}
	for _, c := range []struct {
		name  string
		boxes []lineBox
		want  float64
	}{
		{"level", []lineBox{line(0, 6, -1), line(0, 5, 2), line(0, 8, -1)}, 0},
		{"down to the right", []lineBox{line(0.045, 6, 1), line(0.044, 7, -1), line(0.046, 5, 3), line(0.01, 2, -1)}, 0.045},
		{"up to the right", []lineBox{line(-0.03, 6, -1), line(-0.03, 6, -1), line(-0.03, 9, 4)}, -0.03},
		{"too few long lines", []lineBox{line(0.05, 6, -1), line(0.05, 3, -1), line(0.05, 2, -1)}, 0},
	} {
		if got := skewOf(c.boxes); math.Abs(got-c.want) > 0.004 {
			t.Errorf("%s: skewOf = %.4f, want %.4f", c.name, got, c.want)
		}
	}
}

// TestTurnedLevel: a dark line drawn sloping down to the right lies level
// once turned by its slope, and the corners the turn uncovers are paper.
func TestTurnedLevel(t *testing.T) {
	const w, h, slope = 400, 200, 0.05
	img := image.NewGray(image.Rect(0, 0, w, h))
	for i := range img.Pix {
		img.Pix[i] = 240
	}
	for x := 50; x < 350; x++ {
		y := 100 + int(math.Round(slope*float64(x-200)))
		for dy := -1; dy <= 1; dy++ {
			img.SetGray(x, y+dy, color.Gray{Y: 10})
		}
	}
	g := turnedLevel(img, slope)
	dark := func(x int) int {
		for y := range h {
			if g.GrayAt(x, y).Y < 128 {
				return y
			}
		}
		return -1
	}
	left, right := dark(80), dark(320)
	if left < 0 || right < 0 || math.Abs(float64(left-right)) > 2 {
		t.Errorf("line at x=80 on row %d, at x=320 on row %d: not level", left, right)
	}
	if c := g.GrayAt(0, 0).Y; c < 200 {
		t.Errorf("uncovered corner grey %d, want the paper's", c)
	}
}
