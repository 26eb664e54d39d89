package extract_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/png"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/docket-run/docket/pkg/fault"

	"github.com/docket-run/docket/services/ocr/internal/extract"
)

// sizingEngine records the size of every page image the engine is given.
type sizingEngine struct {
	extract.Engine
	mu    sync.Mutex
	sizes []image.Point
}

func (s *sizingEngine) Recognize(ctx context.Context, path string, dpi int, languages []string) ([]extract.PageText, error) {
	info, err := extract.InspectImage(path, 1, 1<<40)
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	s.sizes = append(s.sizes, info.Frames[0])
	s.mu.Unlock()
	return s.Engine.Recognize(ctx, path, dpi, languages)
}

// TestHostilePDFRendersTheCheckedBox is issue 15 point 6: a small PDF whose
// crop box (what pdfinfo reports, what the pixel limit was checked on) is
// one scanned line while its media box is 6000x6000 pt. pdftoppm used to
// render the media box: 25000x25000 pixels at 300 dpi. The page rendered
// must be the crop box, and the page's text must be read from it.
func TestHostilePDFRendersTheCheckedBox(t *testing.T) {
	eng := &sizingEngine{Engine: extract.NewTesseract("tesseract", "eng", 300, toolLimits)}
	limits := extract.Limits{MaxPages: 10, MaxPixels: 100_000_000, DPI: 300, PageConcurrency: 1}
	x := extract.New(eng, extract.NewPoppler("pdfinfo", "pdftotext", "pdftoppm", toolLimits), nil, nil, nil, limits, t.TempDir(), nil)
	res, err := x.Extract(ctx(t), job("cropbox.pdf", "application/pdf"))
	if err != nil {
		t.Fatalf("Extract: %v", err)
	}
	// 115.04 x 57.44 pt at 300 dpi.
	if want := []image.Point{{480, 240}}; fmt.Sprint(eng.sizes) != fmt.Sprint(want) {
		t.Errorf("engine was given page images %v, want %v (the crop box)", eng.sizes, want)
	}
	if got := res.Text(); !strings.Contains(got, "FIRST PAGE ALPHA") {
		t.Errorf("text = %q, want the scanned line inside the crop box", got)
	}
}

// TestEngineOverCPULimitIsStructural runs the real Tesseract on a noise
// image under a CPU limit of one second: the kernel stops it (SIGXCPU),
// and the failure is structural, so it is dead-lettered, not retried.
func TestEngineOverCPULimitIsStructural(t *testing.T) {
	img := image.NewGray(image.Rect(0, 0, 3000, 3000))
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range img.Pix {
		img.Pix[i] = uint8(rng.UintN(256))
	}
	path := filepath.Join(t.TempDir(), "noise.png")
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b.Bytes(), 0o600); err != nil {
		t.Fatal(err)
	}
	eng := extract.NewTesseract("tesseract", "eng", 300, extract.ProcessLimits{Memory: 2 << 30, CPU: time.Second})
	_, err := eng.Recognize(ctx(t), path, 0, nil)
	if err == nil || fault.ClassOf(err) != fault.Structural || !strings.Contains(err.Error(), "DOCKET_OCR_TOOL_MAX_CPU") {
		t.Fatalf("err = %v, want a structural error naming the CPU limit", err)
	}
	if !strings.Contains(err.Error(), "CPU time limit exceeded") {
		t.Errorf("err = %v, want the kill by SIGXCPU named", err)
	}
}

// TestRendererOverMemoryLimitIsStructural renders a page within the pixel
// limit (2000x2000 pt: 69 megapixels at 300 dpi, a 208 MB bitmap) with
// pdftoppm under a 128 MiB address space: it cannot allocate the bitmap
// (it says so, writes a 1x1 stub and exits 0), and the page fails as
// structural before any engine run.
func TestRendererOverMemoryLimitIsStructural(t *testing.T) {
	path := filepath.Join(t.TempDir(), "large.pdf")
	if err := os.WriteFile(path, blankPDF(2000, 2000), 0o600); err != nil {
		t.Fatal(err)
	}
	x, eng := newExtractor(t, options{tools: &extract.ProcessLimits{Memory: 128 << 20, CPU: time.Minute}})
	_, err := x.Extract(ctx(t), extract.Job{Path: path, SHA256: strings.Repeat("cd", 32), MediaType: "application/pdf"})
	if err == nil || fault.ClassOf(err) != fault.Structural || !strings.Contains(err.Error(), "DOCKET_OCR_TOOL_MAX_MEMORY") {
		t.Fatalf("err = %v, want a structural error naming the memory limit", err)
	}
	if n := eng.calls.Load(); n != 0 {
		t.Errorf("engine ran %d times on a page that could not be rendered, want 0", n)
	}
}

// blankPDF is a one-page PDF of w x h pt with nothing on it.
func blankPDF(w, h int) []byte {
	objs := []string{
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		fmt.Sprintf("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %d %d] /Resources << >> /Contents 4 0 R >>", w, h),
		"<< /Length 0 >>\nstream\n\nendstream",
	}
	var b bytes.Buffer
	b.WriteString("%PDF-1.4\n")
	offsets := make([]int, len(objs))
	for i, o := range objs {
		offsets[i] = b.Len()
		fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", i+1, o)
	}
	xref := b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f \n", len(objs)+1)
	for _, off := range offsets {
		fmt.Fprintf(&b, "%010d 00000 n \n", off)
	}
	fmt.Fprintf(&b, "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(objs)+1, xref)
	return b.Bytes()
}

// TestEngineDiesWithTheService starts a process that runs a tool the way
// the service does (a shell that records its pid, then execs sleep), kills
// that process with SIGKILL, and expects the tool gone with it: after a
// kill -9 of OCR, pdftoppm used to keep running under PID 1.
func TestEngineDiesWithTheService(t *testing.T) {
	if os.Getenv("DOCKET_TEST_TOOL_PARENT") != "" {
		runToolParent()
		return
	}
	pidFile := filepath.Join(t.TempDir(), "tool.pid")
	parent := exec.Command(os.Args[0], "-test.run=^TestEngineDiesWithTheService$")
	parent.Env = append(os.Environ(), "DOCKET_TEST_TOOL_PARENT="+pidFile)
	parent.Stdout, parent.Stderr = t.Output(), t.Output()
	if err := parent.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = parent.Process.Kill(); _ = parent.Wait() })
	var pid int
	waitFor(t, "the tool to start", func() bool {
		b, err := os.ReadFile(pidFile)
		if err != nil || !bytes.HasSuffix(b, []byte("\n")) {
			return false
		}
		pid, err = strconv.Atoi(strings.TrimSpace(string(b)))
		return err == nil
	})
	t.Cleanup(func() { _ = syscall.Kill(pid, syscall.SIGKILL) })
	if alive(pid) != nil {
		t.Fatalf("tool %d is not running before its parent is killed", pid)
	}
	if err := parent.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	_ = parent.Wait()
	waitFor(t, fmt.Sprintf("tool %d to end with its parent", pid), func() bool { return alive(pid) != nil })
}

// runToolParent is the helper process of TestEngineDiesWithTheService.
func runToolParent() {
	pidFile := os.Getenv("DOCKET_TEST_TOOL_PARENT")
	tool := extract.Tool{Bin: "sh", Package: "dash", Limits: toolLimits}
	_, err := tool.Run(context.Background(), "-c", `echo $$ > "$0.tmp" && mv "$0.tmp" "$0" && exec sleep 600`, pidFile)
	fmt.Fprintln(os.Stderr, "tool ended:", err)
	os.Exit(1)
}

// alive returns nil while pid runs; a zombie (dead, not yet reaped by
// whoever inherited it) counts as ended.
func alive(pid int) error {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return err
	}
	// state is the field after the parenthesised command name.
	if _, rest, ok := bytes.Cut(b, []byte(") ")); ok && len(rest) > 0 && (rest[0] == 'Z' || rest[0] == 'X') {
		return fmt.Errorf("pid %d is a zombie", pid)
	}
	return nil
}

func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("gave up waiting for %s", what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestScanOverCPULimitIsNotRendered: a page's scan that pdfimages cannot
// decode within its CPU limit (a decompression bomb behind a small page)
// fails the document as structural at once. It used to be rendered
// instead, which spent the document's whole time (DOCKET_OCR_TIMEOUT) and
// was retried as transient: from outside, a 3 MB upload kept an OCR worker
// for 19 minutes. Here pdfimages spins instead of decoding, under a
// one-second CPU limit; pdftoppm records that it ran.
func TestScanOverCPULimitIsNotRendered(t *testing.T) {
	dir := t.TempDir()
	spin := filepath.Join(dir, "pdfimages")
	if err := os.WriteFile(spin, []byte("#!/bin/sh\ncase \"$1\" in -list) exec pdfimages \"$@\";; esac\nwhile :; do :; done\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	rendered := filepath.Join(dir, "rendered")
	render := filepath.Join(dir, "pdftoppm")
	if err := os.WriteFile(render, []byte("#!/bin/sh\ntouch "+rendered+"\nexec pdftoppm \"$@\"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	limits := extract.ProcessLimits{Memory: 2 << 30, CPU: time.Second}
	eng := extract.NewTesseract("tesseract", "eng", 300, limits)
	x := extract.New(eng, extract.NewPoppler("pdfinfo", "pdftotext", render, limits, extract.WithPdfimages(spin)), nil, nil, nil,
		extract.Limits{MaxPages: 10, MaxPixels: 100_000_000, DPI: 300, PageConcurrency: 1}, t.TempDir(), nil)
	_, err := x.Extract(ctx(t), job("table200.pdf", "application/pdf"))
	if err == nil || fault.ClassOf(err) != fault.Structural || !errors.Is(err, extract.ErrOverLimit) || !strings.Contains(err.Error(), "DOCKET_OCR_TOOL_MAX_CPU") {
		t.Fatalf("err = %v, want a structural error naming the CPU limit", err)
	}
	if _, err := os.Stat(rendered); err == nil {
		t.Error("the page was rendered after its scan ran over the CPU limit")
	}
}
