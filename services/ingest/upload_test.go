package ingest_test

import (
	"bytes"
	"encoding/json"
	"io"
	"io/fs"
	"net/http"
	"path/filepath"
	"strings"
	"testing"

	"github.com/docket-run/docket/services/ingest/internal/app"
)

// streamedUpload is a raw POST whose body the test writes as it likes
// through a pipe, declaring a Content-Length of size.
type streamedUpload struct {
	body *io.PipeWriter
	resp chan answer
}

type answer struct {
	status     int
	retryAfter string
	code       string
	err        error
}

func (h *harness) startUpload(apiKey, tenant string, size int64) *streamedUpload {
	h.t.Helper()
	pr, pw := io.Pipe()
	req, err := http.NewRequest(http.MethodPost, h.url+"/v1/documents", pr)
	if err != nil {
		h.t.Fatal(err)
	}
	req.ContentLength = size
	req.Header.Set("Content-Type", "application/octet-stream")
	req.Header.Set("Authorization", "Bearer "+apiKey)
	if tenant != "" {
		req.Header.Set("Docket-Tenant", tenant)
	}
	u := &streamedUpload{body: pw, resp: make(chan answer, 1)}
	go func() {
		resp, err := (&http.Client{Transport: &http.Transport{}}).Do(req)
		if err != nil {
			u.resp <- answer{err: err}
			return
		}
		defer resp.Body.Close()
		var m map[string]map[string]any
		_ = json.NewDecoder(resp.Body).Decode(&m)
		code, _ := m["error"]["code"].(string)
		u.resp <- answer{status: resp.StatusCode, retryAfter: resp.Header.Get("Retry-After"), code: code}
	}()
	h.t.Cleanup(func() { _ = pw.CloseWithError(io.ErrClosedPipe) })
	return u
}

// write sends b, returning once the server has read it.
func (u *streamedUpload) write(t *testing.T, b []byte) {
	t.Helper()
	if _, err := u.body.Write(b); err != nil {
		t.Fatalf("upload body: %v", err)
	}
}

func (u *streamedUpload) answer(t *testing.T) answer {
	t.Helper()
	a := <-u.resp
	if a.err != nil {
		t.Fatalf("upload: %v", a.err)
	}
	return a
}

// tempBytes is the size of the largest file of the blob store outside
// its addresses: the temporary key an upload streams into.
func (h *harness) tempBytes() (files int, largest int64) {
	_ = filepath.WalkDir(h.blobDir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.HasPrefix(path, filepath.Join(h.blobDir, "sha256")+string(filepath.Separator)) || strings.HasSuffix(path, ".attrs") {
			return nil
		}
		if info, err := d.Info(); err == nil {
			files++
			largest = max(largest, info.Size())
		}
		return nil
	})
	return files, largest
}

func text(n int) []byte {
	line := []byte("Invoice 4711, line of a long plain text document, total 1234 EUR.\n")
	return bytes.Repeat(line, n/len(line)+1)[:n]
}

// TestUploadStreamsToTheBlobStore is issue 15 point 7: ingest read whole
// uploads into memory before it looked at their type (12 concurrent 51 MB
// bodies took it from 170 MB to 1.05 GB). An upload's bytes must be in the
// blob store's temporary key while the body still arrives, a refused type
// must be answered from the first bytes while the rest has not been sent,
// and uploads are capped at once per tenant (429) and in total (503), with
// Retry-After.
func TestUploadStreamsToTheBlobStore(t *testing.T) {
	const size = 4 << 20
	h := newHarness(t, func(c *app.Config) { c.MaxBytes = 8 << 20; c.MaxUploads = 2; c.MaxTenantUploads = 2 })

	// Streaming: a megabyte sent, three to go, and it is on disk already.
	up := h.startUpload(acmeKey, "", size)
	up.write(t, text(1<<20))
	waitFor(t, "the first megabyte in the blob store's temporary key", func() bool {
		_, largest := h.tempBytes()
		return largest >= 512<<10
	})

	// Per tenant: acme's second upload takes its other slot, a third is
	// refused with 429; the total of two is then full, so another
	// tenant's upload gets 503.
	second := h.startUpload(acmeKey, "", size)
	second.write(t, text(64<<10))
	waitFor(t, "the second upload streaming", func() bool { n, _ := h.tempBytes(); return n >= 2 })
	third := h.startUpload(acmeKey, "", size)
	if a := third.answer(t); a.status != http.StatusTooManyRequests || a.code != "quota_exceeded" || a.retryAfter == "" {
		t.Errorf("third upload of a tenant: %+v, want 429 quota_exceeded with Retry-After", a)
	}
	other := h.startUpload(slowKey, "", size)
	if a := other.answer(t); a.status != http.StatusServiceUnavailable || a.code != "unavailable" || a.retryAfter == "" {
		t.Errorf("upload over the total: %+v, want 503 unavailable with Retry-After", a)
	}

	// The first upload ends and is accepted; its slot is free again.
	up.write(t, text(size-1<<20))
	if err := up.body.Close(); err != nil {
		t.Fatal(err)
	}
	if a := up.answer(t); a.status != http.StatusAccepted {
		t.Fatalf("streamed upload: %+v, want 202", a)
	}
	if n := h.blobCount(); n != 1 {
		t.Errorf("%d blobs after one accepted upload, want 1", n)
	}

	// A type refused from its first bytes is answered while the rest of
	// the body has not been sent.
	zip := h.startUpload(acmeKey, "", size)
	zip.write(t, append([]byte("PK\x03\x04\x14\x00\x00\x00\x08\x00"), make([]byte, 4<<10)...))
	if a := zip.answer(t); a.status != http.StatusUnsupportedMediaType || a.code != "unsupported_media_type" {
		t.Errorf("zip: %+v, want 415 before the body ended", a)
	}
	_ = second.body.CloseWithError(io.ErrUnexpectedEOF)
	<-second.resp // the client fails its own broken body
	waitFor(t, "refused and broken uploads to leave nothing", func() bool { n, _ := h.tempBytes(); return n == 0 })
	if n := h.blobCount(); n != 1 {
		t.Errorf("%d blobs, want only the accepted one", n)
	}
}
