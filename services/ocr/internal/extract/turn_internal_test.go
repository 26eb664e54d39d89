package extract

import (
	"image"
	"slices"
	"testing"
)

func TestOSDRotation(t *testing.T) {
	for _, tt := range []struct {
		out  string
		want int
		told bool
	}{
		{"Page number: 0\nOrientation in degrees: 270\nRotate: 90\nOrientation confidence: 0.43\n", 90, true},
		{"Rotate: 180\n", 180, true},
		{"Rotate: 0\n", 0, true},
		{"Too few characters. Skipping this page\n", 0, false},
	} {
		if got, told := osdRotation(tt.out); got != tt.want || told != tt.told {
			t.Errorf("osdRotation(%q) = %d, %v, want %d, %v", tt.out, got, told, tt.want, tt.told)
		}
	}
}

// TestTurnClockwise turns a 3×2 image: its corners go where a clockwise
// turn puts them.
func TestTurnClockwise(t *testing.T) {
	g := image.NewGray(image.Rect(0, 0, 3, 2))
	copy(g.Pix, []uint8{1, 2, 3, 4, 5, 6}) // rows 1 2 3 / 4 5 6
	for _, tt := range []struct {
		deg  int
		w, h int
		want []uint8
	}{
		{90, 2, 3, []uint8{4, 1, 5, 2, 6, 3}},
		{180, 3, 2, []uint8{6, 5, 4, 3, 2, 1}},
		{270, 2, 3, []uint8{3, 6, 2, 5, 1, 4}},
	} {
		got := turnClockwise(g, tt.deg)
		if got.Rect.Dx() != tt.w || got.Rect.Dy() != tt.h || !slices.Equal(got.Pix, tt.want) {
			t.Errorf("turn %d: %dx%d %v, want %dx%d %v", tt.deg, got.Rect.Dx(), got.Rect.Dy(), got.Pix, tt.w, tt.h, tt.want)
		}
	}
}
