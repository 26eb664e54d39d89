package ingest_test

import (
	"bytes"
	"context"
	"encoding/json"
	"image"
	"image/png"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"golang.org/x/image/tiff"

	"github.com/docket-run/docket/pkg/blob"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/services/ingest/internal/app"
	"github.com/docket-run/docket/services/ingest/internal/submit"
)

const (
	operatorToken = "content-operator-token-0123"
	acmeToken     = "content-acme-token-0123456"
	slowToken     = "content-slow-token-0123456"
)

func readAs(t *testing.T, url, credential string) (int, string, []byte) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, url, nil)
	if credential != "" {
		req.Header.Set("Authorization", "Bearer "+credential)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, res.Header.Get("Content-Type"), b
}

// TestDocumentReadAPI: the console's document reads answer the workflow's
// own tenant (by API key or principal token) and operators, and nobody
// else, with the page image and the extracted text.
func TestDocumentReadAPI(t *testing.T) {
	h := newHarness(t, func(c *app.Config) {
		c.Tokens = operatorToken + "=operator:olga," + acmeToken + "=tenant:acme," + slowToken + "=tenant:slow"
	})
	img := image.NewGray(image.Rect(0, 0, 40, 20))
	var pngDoc bytes.Buffer
	if err := png.Encode(&pngDoc, img); err != nil {
		t.Fatal(err)
	}
	resp, body := h.postMultipart(upload{apiKey: acmeKey, key: "scan-1", filename: "scan.png", doc: pngDoc.Bytes()})
	if resp.StatusCode != http.StatusAccepted {
		t.Fatalf("submit: %d %v", resp.StatusCode, body)
	}
	wf := submit.WorkflowID("acme", "scan-1")
	h.waitStatus(wf, "queued")

	// OCR's output: a text blob and the extracted event naming it.
	bs, err := blob.Open(context.Background(), "file://"+h.blobDir)
	if err != nil {
		t.Fatal(err)
	}
	defer bs.Close()
	text := "page one: IBAN DE89 3704 0044 0532 0130 00\fpage two"
	ref, err := bs.Put(context.Background(), strings.NewReader(text), "text/plain")
	if err != nil {
		t.Fatal(err)
	}
	ex := &events.DocumentExtracted{
		Meta:     events.Meta{EventID: "extracted-" + wf, WorkflowID: wf, TenantID: "acme", OccurredAt: time.Now().UTC().Truncate(time.Millisecond), Producer: events.Producer{Service: "ocr", Version: "test"}},
		Document: events.BlobRef{URI: blob.URI(sha(pngDoc.Bytes())), SHA256: sha(pngDoc.Bytes()), SizeBytes: int64(pngDoc.Len()), MediaType: "image/png"},
		Text:     events.BlobRef{URI: ref.URI, SHA256: ref.SHA256, SizeBytes: ref.Size, MediaType: "text/plain"},
		Pages:    []events.Page{{Number: 1, Chars: 42, Confidence: 0.9, Method: "ocr"}, {Number: 2, Chars: 9, Confidence: 0.8, Method: "ocr"}},
		Engine:   events.Engine{Name: "tesseract", Version: "5"},
	}
	h.produce(events.TopicExtracted, ex)

	base := h.url + "/v1/workflows/" + wf
	var doc struct {
		Filename  string `json:"filename"`
		Tenant    string `json:"tenant"`
		Text      bool   `json:"text"`
		PageImage bool   `json:"page_images"`
		Pages     []struct {
			Number int    `json:"number"`
			Method string `json:"method"`
		} `json:"pages"`
	}
	deadline := time.Now().Add(20 * time.Second)
	for !doc.Text && time.Now().Before(deadline) {
		code, _, b := readAs(t, base+"/document", acmeKey)
		if code != http.StatusOK {
			t.Fatalf("document with the tenant's API key: %d %s", code, b)
		}
		_ = json.Unmarshal(b, &doc)
		time.Sleep(20 * time.Millisecond)
	}
	if doc.Filename != "scan.png" || doc.Tenant != "acme" || !doc.Text || !doc.PageImage || len(doc.Pages) != 2 || doc.Pages[1].Number != 2 || doc.Pages[0].Method != "ocr" {
		t.Fatalf("document %+v", doc)
	}
	for _, tc := range []struct {
		name, credential string
		want             int
	}{
		{"the tenant's API key", acmeKey, http.StatusOK},
		{"the tenant's principal", acmeToken, http.StatusOK},
		{"an operator", operatorToken, http.StatusOK},
		{"another tenant's API key", slowKey, http.StatusNotFound},
		{"another tenant's principal", slowToken, http.StatusNotFound},
		{"no credential", "", http.StatusUnauthorized},
		{"an unknown token", "not-a-known-token-0123456", http.StatusUnauthorized},
	} {
		for _, path := range []string{"/document", "/text", "/pages/1"} {
			if code, _, b := readAs(t, base+path, tc.credential); code != tc.want {
				t.Errorf("%s reading %s: %d %s, want %d", tc.name, path, code, b, tc.want)
			}
		}
	}
	if code, ct, b := readAs(t, base+"/text", operatorToken); code != http.StatusOK || !strings.HasPrefix(ct, "text/plain") || string(b) != text {
		t.Errorf("text: %d %s %q", code, ct, b)
	}
	if code, ct, b := readAs(t, base+"/pages/1", acmeToken); code != http.StatusOK || ct != "image/png" || !bytes.Equal(b, pngDoc.Bytes()) {
		t.Errorf("page 1: %d %s, %d bytes", code, ct, len(b))
	}
	if code, _, _ := readAs(t, base+"/pages/2", acmeToken); code != http.StatusNotFound {
		t.Errorf("page 2 of an image: %d, want 404", code)
	}
	if code, _, _ := readAs(t, base+"/pages/0", acmeToken); code != http.StatusBadRequest {
		t.Errorf("page 0: %d, want 400", code)
	}
	if code, _, _ := readAs(t, h.url+"/v1/workflows/no-such-workflow/document", operatorToken); code != http.StatusNotFound {
		t.Errorf("unknown workflow: %d, want 404", code)
	}
}

// TestPageImageBombIsRefused: a PNG and a TIFF of a few hundred kilobytes
// whose headers name 64 million pixels are refused by the page API with a
// reason (422 too_large), read from their headers alone, rather than
// served to the reviewer's browser or, the TIFF, decoded in ingest; a page
// under the cap is served.
func TestPageImageBombIsRefused(t *testing.T) {
	h := newHarness(t, func(c *app.Config) { c.MaxBytes = 8 << 20 })
	big := image.NewGray(image.Rect(0, 0, 8000, 8000)) // 64 million pixels, all black
	var pngBomb, tiffBomb bytes.Buffer
	if err := png.Encode(&pngBomb, big); err != nil {
		t.Fatal(err)
	}
	if err := tiff.Encode(&tiffBomb, big, &tiff.Options{Compression: tiff.Deflate}); err != nil {
		t.Fatal(err)
	}
	small := image.NewGray(image.Rect(0, 0, 2480, 3508)) // A4 at 300 dpi
	var pngPage bytes.Buffer
	if err := png.Encode(&pngPage, small); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		doc  []byte
		want int
	}{
		{"bomb.png", pngBomb.Bytes(), http.StatusUnprocessableEntity},
		{"bomb.tiff", tiffBomb.Bytes(), http.StatusUnprocessableEntity},
		{"page.png", pngPage.Bytes(), http.StatusOK},
	} {
		resp, body := h.postMultipart(upload{apiKey: acmeKey, key: tc.name, filename: tc.name, doc: tc.doc})
		if resp.StatusCode != http.StatusAccepted {
			t.Fatalf("submit %s (%d bytes): %d %v", tc.name, len(tc.doc), resp.StatusCode, body)
		}
		wf := submit.WorkflowID("acme", tc.name)
		h.waitStatus(wf, "queued")
		code, _, b := readAs(t, h.url+"/v1/workflows/"+wf+"/pages/1", acmeKey)
		if code != tc.want {
			t.Errorf("page of %s: %d %.200s, want %d", tc.name, code, b, tc.want)
			continue
		}
		if tc.want == http.StatusOK {
			if !bytes.Equal(b, tc.doc) {
				t.Errorf("page of %s: %d bytes, not the document", tc.name, len(b))
			}
			continue
		}
		var e struct {
			Error struct{ Code, Message string }
		}
		_ = json.Unmarshal(b, &e)
		if e := e.Error; e.Code != "too_large" || !strings.Contains(e.Message, "8000 × 8000") {
			t.Errorf("page of %s: %s, want too_large naming its size", tc.name, b)
		}
	}
}

// TestPageAfterTheLast: a page after a PDF's last is not found, and the
// answer says how many pages the document has (found from outside: a 422
// invalid_request with poppler's own words). Real pdftoppm, a real
// two-page PDF.
func TestPageAfterTheLast(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("..", "ocr", "testdata", "textlayer.pdf"))
	if err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, nil)
	resp, body := h.postMultipart(upload{apiKey: acmeKey, key: "two-pages", filename: "two.pdf", doc: doc})
	if resp.StatusCode != http.StatusAccepted {
		t.Fatalf("submit: %d %v", resp.StatusCode, body)
	}
	wf := submit.WorkflowID("acme", "two-pages")
	h.waitStatus(wf, "queued")
	if code, ct, _ := readAs(t, h.url+"/v1/workflows/"+wf+"/pages/2", acmeKey); code != http.StatusOK || ct != "image/png" {
		t.Fatalf("page 2: %d %s, want a PNG", code, ct)
	}
	code, _, b := readAs(t, h.url+"/v1/workflows/"+wf+"/pages/9", acmeKey)
	var e struct {
		Error struct{ Code, Message string }
	}
	_ = json.Unmarshal(b, &e)
	if code != http.StatusNotFound || e.Error.Code != "not_found" || e.Error.Message != "no page 9: the document has 2 pages" {
		t.Fatalf("page 9 of 2: %d %s, want 404 not_found saying the document has 2 pages", code, b)
	}
}

// TestPageRenderTimeoutSaysSo: a PDF page whose rendering outlives the
// render timeout answers 503 unavailable with the reason, not a 422 with
// an empty one as if the document or the caller were at fault; and while
// both renderers are busy, a third request waits half a rendering's time
// at most, then is told so (503, Retry-After) instead of queueing for
// minutes behind them.
func TestPageRenderTimeoutSaysSo(t *testing.T) {
	slow := filepath.Join(t.TempDir(), "pdftoppm")
	if err := os.WriteFile(slow, []byte("#!/bin/sh\nexec sleep 30\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, func(c *app.Config) { c.PdftoppmBin, c.RenderTimeout = slow, 2*time.Second })
	resp, body := h.postMultipart(upload{apiKey: acmeKey, key: "slow-pdf", filename: "slow.pdf", doc: []byte("%PDF-1.7 a page that renders slowly\n")})
	if resp.StatusCode != http.StatusAccepted {
		t.Fatalf("submit: %d %v", resp.StatusCode, body)
	}
	wf := submit.WorkflowID("acme", "slow-pdf")
	h.waitStatus(wf, "queued")
	type answer struct {
		code    int
		message string
		after   time.Duration
	}
	read := func() answer {
		start := time.Now()
		code, _, b := readAs(t, h.url+"/v1/workflows/"+wf+"/pages/1", acmeKey)
		var e struct {
			Error struct{ Code, Message string }
		}
		_ = json.Unmarshal(b, &e)
		if e.Error.Code != "unavailable" {
			t.Errorf("slow page: %d %s, want 503 unavailable", code, b)
		}
		return answer{code, e.Error.Message, time.Since(start)}
	}
	answers := make(chan answer, 2)
	for range 2 {
		go func() { answers <- read() }()
	}
	time.Sleep(300 * time.Millisecond) // both renderers taken
	third := read()
	if third.code != http.StatusServiceUnavailable || !strings.Contains(third.message, "busy") || third.after > 1700*time.Millisecond {
		t.Errorf("third request while both renderers are busy: %d %q after %s, want 503 busy within about 1 s", third.code, third.message, third.after)
	}
	for range 2 {
		a := <-answers
		if a.code != http.StatusServiceUnavailable || !strings.Contains(a.message, "took longer than 2s") {
			t.Errorf("slow page: %d %q, want 503 naming the timeout", a.code, a.message)
		}
		if a.after > 10*time.Second {
			t.Errorf("slow page answered after %s: the render was not stopped at its timeout", a.after)
		}
	}
}
