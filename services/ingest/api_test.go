package ingest_test

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
	"unicode/utf16"

	"github.com/twmb/franz-go/pkg/kerr"
	"github.com/twmb/franz-go/pkg/kfake"
	"github.com/twmb/franz-go/pkg/kmsg"

	"github.com/docket-run/docket/pkg/blob"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/services/ingest/internal/app"
	"github.com/docket-run/docket/services/ingest/internal/submit"
)

func sha(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}

func TestPostAcceptedPublishesSubmitted(t *testing.T) {
	h := newHarness(t, nil)
	deadline := time.Now().Add(48 * time.Hour).UTC().Truncate(time.Millisecond)
	before := time.Now().UTC().Truncate(time.Millisecond)
	resp, body := h.postMultipart(upload{
		apiKey: acmeKey, key: "order-1", filename: "invoice.pdf", doc: pdfDoc,
		fields: [][2]string{{"priority", "3"}, {"deadline", deadline.Format(time.RFC3339Nano)}, {"label.dept", "finance"},
			{"labels", `{"region":"eu"}`}, {"callback_url", "http://127.0.0.1:1/hook"}},
	})
	if resp.StatusCode != http.StatusAccepted {
		t.Fatalf("status %d %v, want 202", resp.StatusCode, body)
	}
	if got := resp.Header.Get("X-Content-Type-Options"); got != "nosniff" {
		t.Errorf("X-Content-Type-Options = %q, want nosniff", got)
	}
	wf := submit.WorkflowID("acme", "order-1")
	if body["workflow_id"] != wf || body["status_url"] != h.url+"/v1/documents/"+wf || len(body) != 2 {
		t.Fatalf("answer %v, want exactly workflow_id %s and its status_url", body, wf)
	}
	evs, recs := h.read(events.TopicSubmitted, 1, 10*time.Second)
	if len(evs) != 1 {
		t.Fatalf("%d submitted events, want 1", len(evs))
	}
	e := evs[0].(*events.DocumentSubmitted)
	if string(recs[0].Key) != wf {
		t.Errorf("record key %q, want %s", recs[0].Key, wf)
	}
	m := e.Meta
	if m.EventID != submit.SubmittedEventID(wf) || m.WorkflowID != wf || m.TenantID != "acme" || m.CausationID != "" ||
		m.Producer != (events.Producer{Service: "ingest", Version: "test"}) || m.OccurredAt.Before(before) || m.OccurredAt.After(time.Now()) {
		t.Errorf("meta %+v", m)
	}
	wantDoc := events.BlobRef{URI: blob.URI(sha(pdfDoc)), SHA256: sha(pdfDoc), SizeBytes: int64(len(pdfDoc)), MediaType: "application/pdf"}
	if e.Document != wantDoc {
		t.Errorf("document %+v, want %+v", e.Document, wantDoc)
	}
	if e.Filename != "invoice.pdf" || e.Priority != 3 || !e.Deadline.Equal(deadline) || e.Source != "http" ||
		len(e.Labels) != 2 || e.Labels["dept"] != "finance" || e.Labels["region"] != "eu" ||
		e.CallbackURL == nil || *e.CallbackURL != "http://127.0.0.1:1/hook" || e.IdempotencyKey == nil || *e.IdempotencyKey != "order-1" {
		t.Errorf("submitted %+v", e)
	}
	// The blob holds the bytes.
	bs, err := blob.Open(context.Background(), "file://"+h.blobDir)
	if err != nil {
		t.Fatal(err)
	}
	defer bs.Close()
	rc, err := bs.Open(context.Background(), sha(pdfDoc))
	if err != nil {
		t.Fatalf("blob not stored: %v", err)
	}
	got, err := io.ReadAll(rc)
	rc.Close()
	if err != nil || !bytes.Equal(got, pdfDoc) {
		t.Errorf("stored blob %q, %v", got, err)
	}
	st := h.waitStatus(wf, "queued")
	if st["stage"] != "submitted" || st["tenant_id"] != "acme" || st["filename"] != "invoice.pdf" {
		t.Errorf("status %v", st)
	}
}

func TestRawBodyWithoutKeyIsANewWorkflowEachTime(t *testing.T) {
	h := newHarness(t, nil)
	png := append([]byte("\x89PNG\r\n\x1a\n"), bytes.Repeat([]byte{0}, 32)...)
	var ids []string
	for range 2 {
		resp, body := h.postRaw(upload{apiKey: acmeKey, filename: "scan.png", doc: png, fields: [][2]string{{"label.k", "v"}, {"priority", "1"}}}, "application/octet-stream")
		if resp.StatusCode != http.StatusAccepted {
			t.Fatalf("status %d %v", resp.StatusCode, body)
		}
		ids = append(ids, body["workflow_id"].(string))
	}
	if ids[0] == ids[1] {
		t.Fatalf("two POSTs without a key share workflow %s", ids[0])
	}
	evs, _ := h.read(events.TopicSubmitted, 2, 10*time.Second)
	if len(evs) != 2 {
		t.Fatalf("%d events, want 2", len(evs))
	}
	for _, ev := range evs {
		e := ev.(*events.DocumentSubmitted)
		if e.Document.MediaType != "image/png" || e.Filename != "scan.png" || e.Labels["k"] != "v" || e.Priority != 1 || e.IdempotencyKey != nil || e.CallbackURL != nil {
			t.Errorf("submitted %+v", e)
		}
	}
}

func TestIdempotentRepeat(t *testing.T) {
	h := newHarness(t, nil)
	u := upload{apiKey: acmeKey, key: "k-1", filename: "a.txt", doc: []byte("hello, plain text\n")}
	var ids []string
	for range 3 {
		resp, body := h.postMultipart(u)
		if resp.StatusCode != http.StatusAccepted {
			t.Fatalf("status %d %v", resp.StatusCode, body)
		}
		ids = append(ids, body["workflow_id"].(string))
	}
	if ids[0] != ids[1] || ids[1] != ids[2] {
		t.Fatalf("repeats gave workflows %v, want one", ids)
	}
	other := u
	other.doc = []byte("another body\n")
	resp, body := h.postMultipart(other)
	if resp.StatusCode != http.StatusUnprocessableEntity || errCode(body) != "idempotency_conflict" {
		t.Fatalf("same key, other body: %d %v; want 422 idempotency_conflict", resp.StatusCode, body)
	}
	if evs, _ := h.read(events.TopicSubmitted, 2, 2*time.Second); len(evs) != 1 {
		t.Fatalf("%d submitted events, want 1", len(evs))
	}
	if n := h.blobCount(); n != 1 {
		t.Errorf("%d blobs, want 1 (the conflicting body must not be stored)", n)
	}
}

// The crash window: the blob is stored and the key reserved, but the
// submitted event is not acknowledged (the produce fails), or it is but the
// process dies before noting it. A repeat with the key answers the same
// workflow and publishes the same event, with the same id and bytes.
func TestIdempotentRepeatAfterCrashWindow(t *testing.T) {
	h := newHarness(t, nil)
	// 1. Kafka refuses the first produce: 503, nothing published.
	f := h.kafka.Cluster.Fault(kfake.Fault{Keys: []kmsg.Key{kmsg.Produce}, Topic: events.TopicSubmitted, Err: kerr.InvalidRecord})
	u := upload{apiKey: acmeKey, key: "crash-1", filename: "c.pdf", doc: pdfDoc}
	resp, body := h.postMultipart(u)
	if resp.StatusCode != http.StatusServiceUnavailable || errCode(body) != "unavailable" || resp.Header.Get("Retry-After") == "" {
		t.Fatalf("first attempt: %d %v; want 503 unavailable with Retry-After", resp.StatusCode, body)
	}
	if f.Hits() != 1 {
		t.Fatalf("fault hit %d times, want 1", f.Hits())
	}
	if h.blobCount() != 1 {
		t.Fatalf("blob not stored before publishing")
	}
	resp, body = h.postMultipart(u)
	wf := submit.WorkflowID("acme", "crash-1")
	if resp.StatusCode != http.StatusAccepted || body["workflow_id"] != wf {
		t.Fatalf("retry: %d %v; want 202 %s", resp.StatusCode, body, wf)
	}
	_, recs := h.read(events.TopicSubmitted, 1, 10*time.Second)
	if len(recs) != 1 {
		t.Fatalf("%d events after the retry, want 1", len(recs))
	}

	// 2. Published, but the process died before marking the key: the
	// retry republishes the identical event.
	if err := h.app.Store.SetReservationState(context.Background(), "acme", "crash-1", submit.StateReserved); err != nil {
		t.Fatal(err)
	}
	resp, body = h.postMultipart(u)
	if resp.StatusCode != http.StatusAccepted || body["workflow_id"] != wf {
		t.Fatalf("retry after crash: %d %v", resp.StatusCode, body)
	}
	evs, recs := h.read(events.TopicSubmitted, 2, 10*time.Second)
	if len(recs) != 2 {
		t.Fatalf("%d events, want 2 (the republication)", len(recs))
	}
	if !bytes.Equal(recs[0].Value, recs[1].Value) || string(recs[0].Key) != string(recs[1].Key) {
		t.Errorf("republished event differs:\n%+v\n%+v", evs[0], evs[1])
	}
	if id := evs[1].EventMeta().EventID; id != submit.SubmittedEventID(wf) {
		t.Errorf("event id %s, want %s", id, submit.SubmittedEventID(wf))
	}
	// 3. Now marked: a further repeat creates nothing.
	resp, _ = h.postMultipart(u)
	if resp.StatusCode != http.StatusAccepted {
		t.Fatalf("repeat: %d", resp.StatusCode)
	}
	if _, recs := h.read(events.TopicSubmitted, 3, 2*time.Second); len(recs) != 2 {
		t.Errorf("%d events after a repeat of a published key, want 2", len(recs))
	}
}

// utf16le is s as UTF-16LE without a byte order mark.
func utf16le(s string) []byte {
	var b []byte
	for _, u := range utf16.Encode([]rune(s)) {
		b = append(b, byte(u), byte(u>>8))
	}
	return b
}

func errCode(body map[string]any) string {
	e, _ := body["error"].(map[string]any)
	c, _ := e["code"].(string)
	if m, _ := e["message"].(string); m == "" {
		return "(no message)"
	}
	return c
}

func TestRefusalsCreateNothing(t *testing.T) {
	h := newHarness(t, nil)
	zip := []byte("PK\x03\x04\x14\x00\x00\x00\x08\x00rest-of-a-zip")
	cases := []struct {
		name   string
		raw    bool
		u      upload
		status int
		code   string
		// message, when set, is a part of the error message
		message string
	}{
		{"too large", false, upload{apiKey: acmeKey, key: "big", doc: append([]byte("%PDF-"), bytes.Repeat([]byte("x"), maxBytes)...)}, 413, "too_large", ""},
		{"too large raw", true, upload{apiKey: acmeKey, doc: bytes.Repeat([]byte("a"), maxBytes+1)}, 413, "too_large", ""},
		{"zip named pdf", false, upload{apiKey: acmeKey, key: "zip", filename: "x.pdf", doc: zip}, 415, "unsupported_media_type", ""},
		{"html raw declared pdf", true, upload{apiKey: acmeKey, doc: []byte("<html><body>hi</body></html>")}, 415, "unsupported_media_type", ""},
		{"empty", false, upload{apiKey: acmeKey, key: "empty", filename: "e.pdf"}, 400, "empty_document", ""},
		{"empty raw", true, upload{apiKey: acmeKey}, 400, "empty_document", ""},
		{"bad priority", false, upload{apiKey: acmeKey, doc: pdfDoc, fields: [][2]string{{"priority", "high"}}}, 400, "invalid_request", ""},
		{"past deadline", false, upload{apiKey: acmeKey, doc: pdfDoc, fields: [][2]string{{"deadline", "2001-01-01T00:00:00Z"}}}, 400, "invalid_request", ""},
		{"bad callback", false, upload{apiKey: acmeKey, doc: pdfDoc, fields: [][2]string{{"callback_url", "ftp://x"}}}, 400, "invalid_request", ""},
		{"no key", false, upload{doc: pdfDoc}, 401, "unauthorized", ""},
		{"unknown key", false, upload{apiKey: "nope", doc: pdfDoc}, 401, "unauthorized", ""},
		{"other tenant", false, upload{apiKey: acmeKey, tenant: "slow", doc: pdfDoc}, 403, "forbidden", ""},
		{"other tenant field", false, upload{apiKey: acmeKey, doc: pdfDoc, fields: [][2]string{{"tenant", "slow"}}}, 403, "forbidden", ""},
		{"utf-16 without byte order mark", false, upload{apiKey: acmeKey, key: "utf16", filename: "notes.txt", doc: utf16le("Invoice 42\r\nTotal: 10 EUR\r\n")}, 415, "unsupported_media_type", "UTF-16 text without a byte order mark"},
		{"text with a nul byte", false, upload{apiKey: acmeKey, key: "nul", filename: "notes.txt", doc: []byte("Invoice 42\nTotal:\x00 10 EUR\n")}, 415, "unsupported_media_type", "control byte 0x00 at byte 17"},
		{"slow tenant first", false, upload{apiKey: slowKey, doc: zip}, 415, "unsupported_media_type", ""},
		{"slow tenant over quota", false, upload{apiKey: slowKey, doc: pdfDoc}, 429, "quota_exceeded", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var resp *http.Response
			var body map[string]any
			if c.raw {
				resp, body = h.postRaw(c.u, "application/pdf")
			} else {
				resp, body = h.postMultipart(c.u)
			}
			if resp.StatusCode != c.status || errCode(body) != c.code {
				t.Errorf("got %d %v, want %d %s", resp.StatusCode, body, c.status, c.code)
			}
			if e, _ := body["error"].(map[string]any); c.message != "" && !strings.Contains(fmt.Sprint(e["message"]), c.message) {
				t.Errorf("message %q, want it to say %q", e["message"], c.message)
			}
			if c.status == 429 && resp.Header.Get("Retry-After") == "" {
				t.Errorf("429 without Retry-After")
			}
		})
	}
	if n := h.blobCount(); n != 0 {
		t.Errorf("%d blobs stored by refused submissions, want 0", n)
	}
	if keys, err := h.rdb.Keys(context.Background(), "docket:ingest:*").Result(); err != nil || len(keys) != 0 {
		t.Errorf("redis keys %v (%v), want none", keys, err)
	}
	if evs, _ := h.read(events.TopicSubmitted, 1, 2*time.Second); len(evs) != 0 {
		t.Errorf("%d submitted events, want 0", len(evs))
	}
	// Unknown endpoints and methods answer JSON errors too.
	code, m := h.get("/nope", acmeKey)
	if code != 404 || !strings.Contains(errCode(m), "not_found") {
		t.Errorf("GET /nope: %d %v", code, m)
	}
}

// TestSlowBodyIsCutOff: a submission whose body trickles in, or never
// ends, is refused with 408 once DOCKET_INGEST_UPLOAD_TIMEOUT has passed,
// and its connection closed, rather than held open for ever.
func TestSlowBodyIsCutOff(t *testing.T) {
	h := newHarness(t, func(c *app.Config) { c.UploadTimeout = 500 * time.Millisecond })
	tests := []struct {
		name, contentType, head string
	}{
		{"raw", "text/plain", ""},
		{"multipart file", "multipart/form-data; boundary=b", "--b\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.txt\"\r\n\r\n"},
		{"multipart field", "multipart/form-data; boundary=b", "--b\r\nContent-Disposition: form-data; name=\"label.k\"\r\n\r\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			conn, err := net.Dial("tcp", strings.TrimPrefix(h.url, "http://"))
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close()
			fmt.Fprintf(conn, "POST /v1/documents HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer %s\r\nContent-Type: %s\r\nContent-Length: 100000\r\n\r\n%shello", acmeKey, tt.contentType, tt.head)
			stop := make(chan struct{})
			defer close(stop)
			go func() { // a byte every 100ms: never idle, never done
				for {
					select {
					case <-stop:
						return
					case <-time.After(100 * time.Millisecond):
						if _, err := conn.Write([]byte("a")); err != nil {
							return
						}
					}
				}
			}()
			_ = conn.SetReadDeadline(time.Now().Add(10 * time.Second))
			start := time.Now()
			resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
			if err != nil {
				t.Fatalf("no answer after %s: %v", time.Since(start), err)
			}
			defer resp.Body.Close()
			body, _ := io.ReadAll(resp.Body)
			if resp.StatusCode != http.StatusRequestTimeout || !strings.Contains(string(body), `"timeout"`) {
				t.Errorf("got %d %s, want 408 timeout", resp.StatusCode, body)
			}
		})
	}
}
