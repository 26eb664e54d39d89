package extract

import "image"

// scan is a single page image file and, once asked for, its pixels: the
// readings tried on one page (turned, denoised, evened, withSkipped) share
// one decode of it, and a copy they write keeps the pixels it was written
// from.
type scan struct {
	path    string
	img     image.Image
	err     error
	decoded bool
}

// scanOf returns the page image at path, not decoded yet.
func scanOf(path string) *scan { return &scan{path: path} }

// scanFrom returns the page image at path that was written from img.
func scanFrom(path string, img image.Image) *scan {
	return &scan{path: path, img: img, decoded: true}
}

// image returns the page's pixels, decoding the file (decodeImage) the
// first time it is asked; later calls return what that gave.
func (s *scan) image() (image.Image, error) {
	if !s.decoded {
		s.img, s.err = decodeImage(s.path)
		s.decoded = true
	}
	return s.img, s.err
}
