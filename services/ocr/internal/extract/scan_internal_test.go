package extract

import (
	"image"
	"os"
	"path/filepath"
	"testing"
)

// TestScanDecodesOnce: the readings of one page share one decode. After
// the first, the file is gone, and the page's pixels are still there; a
// copy written from pixels is never decoded.
func TestScanDecodesOnce(t *testing.T) {
	g := image.NewGray(image.Rect(0, 0, 40, 30))
	g.Pix[5] = 200
	path := filepath.Join(t.TempDir(), "page.png")
	if err := writeGray(path, g); err != nil {
		t.Fatal(err)
	}
	page := scanOf(path)
	first, err := page.image()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	again, err := page.image()
	if err != nil {
		t.Fatalf("second image() decoded the file again: %v", err)
	}
	if again != first {
		t.Error("second image() returned other pixels")
	}
	if luma(again, 5, 0) != 200 {
		t.Errorf("pixel (5,0) = %d, want 200", luma(again, 5, 0))
	}

	copied := scanFrom(filepath.Join(t.TempDir(), "absent.png"), g)
	if img, err := copied.image(); err != nil || img != image.Image(g) {
		t.Errorf("a copy's image() = %v, %v; want the pixels it was written from", img, err)
	}
}
