package ingest_test

import (
	"bytes"
	"context"
	"encoding/json"
	"image"
	"image/png"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

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
