package extract_test

import (
	"context"
	"fmt"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/docket-run/docket/pkg/blob"

	"github.com/docket-run/docket/services/ocr/internal/extract"
)

// BenchmarkOCR compares Docket's OCR path with the plain tesseract CLI on
// the same page images, in one run. Docket's side extracts the scanned PDF
// fixture (pdfinfo, pdftotext, pdftoppm rasterization, header checks,
// tesseract TSV, parsing) and the PNG fixture, and writes each text to the
// blob store; the CLI side runs `tesseract IMAGE stdout` on the rasterized
// pages and the PNG.
func BenchmarkOCR(b *testing.B) {
	ctx := context.Background()
	dir := b.TempDir()
	blobs, err := blob.Open(ctx, "file://"+filepath.Join(dir, "blobs"))
	if err != nil {
		b.Fatal(err)
	}
	defer blobs.Close()
	limits := extract.Limits{MaxPages: 500, MaxPixels: 100_000_000, DPI: 300, PageConcurrency: 1}
	x := extract.New(extract.NewTesseract("tesseract", "eng", 300, toolLimits), extract.NewPoppler("pdfinfo", "pdftotext", "pdftoppm", toolLimits), nil, nil, nil, limits, dir, nil)
	docs := []extract.Job{job("scanned.pdf", "application/pdf"), job("invoice.png", "image/png")}

	// The same page images for the CLI: the PDF's pages as Docket
	// rasterizes them, and the PNG.
	p := extract.NewPoppler("pdfinfo", "pdftotext", "pdftoppm", toolLimits)
	var images []string
	for n := 1; n <= 3; n++ {
		img, err := p.Rasterize(ctx, docs[0].Path, n, 300, dir)
		if err != nil {
			b.Fatal(err)
		}
		images = append(images, img)
	}
	images = append(images, docs[1].Path)

	// Each document is timed against the CLI on its own page images, in
	// alternating order; a round's rate is pages over the round's time on
	// each side, and the medians over the rounds are reported, so a burst
	// of load from other processes skews one round, not the result.
	pageImages := [][]string{images[:3], images[3:]}
	docket := func(i int) int {
		res, err := x.Extract(ctx, docs[i])
		if err != nil {
			b.Fatal(err)
		}
		if _, err := blobs.Put(ctx, strings.NewReader(res.Text()), "text/plain; charset=utf-8"); err != nil {
			b.Fatal(err)
		}
		return len(res.Pages)
	}
	cli := func(i int) int {
		for _, img := range pageImages[i] {
			if out, err := exec.CommandContext(ctx, "tesseract", img, "stdout", "-l", "eng", "--dpi", "300").Output(); err != nil || len(out) == 0 {
				b.Fatalf("tesseract %s: %v", img, err)
			}
		}
		return len(pageImages[i])
	}
	timed := func(f func(int) int, i int) (int, time.Duration) {
		start := time.Now()
		n := f(i)
		return n, time.Since(start)
	}
	var dRates, cRates []float64
	round := 0
	for b.Loop() {
		var dPages, cPages int
		var dTime, cTime time.Duration
		for i := range docs {
			first, second := docket, cli
			if (round+i)%2 == 1 {
				first, second = cli, docket
			}
			n1, t1 := timed(first, i)
			n2, t2 := timed(second, i)
			if (round+i)%2 == 1 {
				n1, t1, n2, t2 = n2, t2, n1, t1
			}
			dPages, dTime, cPages, cTime = dPages+n1, dTime+t1, cPages+n2, cTime+t2
		}
		dRates = append(dRates, float64(dPages)/dTime.Seconds())
		cRates = append(cRates, float64(cPages)/cTime.Seconds())
		round++
	}
	d, c := median(dRates), median(cRates)
	b.ReportMetric(d, "docket_pages/s")
	b.ReportMetric(c, "tesseract_pages/s")
	fmt.Printf("bench ocr: docket_pages_per_s=%.2f tesseract_pages_per_s=%.2f ratio=%.3f\n", d, c, d/c)
}

func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}
