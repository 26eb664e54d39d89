package handler_test

import (
	"context"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/docket-run/docket/pkg/blob"
	"github.com/docket-run/docket/pkg/bus"
	"github.com/docket-run/docket/pkg/dockettest"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/idempotency"
	"github.com/docket-run/docket/pkg/retry"
	"github.com/docket-run/docket/pkg/serde"
	"github.com/docket-run/docket/pkg/servicetest"

	"github.com/docket-run/docket/services/ocr/internal/checkpoint"
	"github.com/docket-run/docket/services/ocr/internal/extract"
	"github.com/docket-run/docket/services/ocr/internal/handler"
)

const service = "ocr"

type countingEngine struct {
	extract.Engine
	calls atomic.Int64
}

func (c *countingEngine) Recognize(ctx context.Context, path string, dpi int, languages []string) ([]extract.PageText, error) {
	c.calls.Add(1)
	return c.Engine.Recognize(ctx, path, dpi, languages)
}

type harness struct {
	kafka  *dockettest.Kafka
	client *kgo.Client
	codec  *serde.Serde
	rdb    *redis.Client
	blobs  *blob.Bucket
	engine *countingEngine
	store  *idempotency.Store
}

func newHarness(t *testing.T) *harness {
	t.Helper()
	topics := []string{events.TopicSubmitted, events.TopicExtracted, events.DLQTopic(service), events.RetryTopic(service)}
	k := dockettest.NewKafka(t, 2, topics)
	_, rc := dockettest.Registry(t)
	rdb := dockettest.RedisClient(t, dockettest.Redis(t))
	c, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	codec, err := serde.New(c, rc, serde.Register, topics[:3])
	if err != nil {
		t.Fatalf("register schemas: %v", err)
	}
	blobs, err := blob.Open(c, "file://"+t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = blobs.Close() })
	return &harness{kafka: k, client: k.Client(t), codec: codec, rdb: rdb, blobs: blobs,
		engine: &countingEngine{Engine: extract.NewTesseract("tesseract", "eng", 300, extract.ProcessLimits{Memory: 2 << 30, CPU: 2 * time.Minute})}, store: idempotency.New(rdb)}
}

// start runs the handler on a runtime until the test ends.
func (h *harness) start(t *testing.T, timeout time.Duration) {
	t.Helper()
	h.startAs(t, timeout, "test", "")
}

// startAs is start with the claim owner and replica name given.
func (h *harness) startAs(t *testing.T, timeout time.Duration, owner, replica string) {
	t.Helper()
	log := slog.New(slog.NewTextHandler(t.Output(), &slog.HandlerOptions{Level: slog.LevelWarn}))
	cp := checkpoint.New(h.rdb, time.Hour, "eng@300dpi")
	x := extract.New(h.engine, extract.NewPoppler("pdfinfo", "pdftotext", "pdftoppm", extract.ProcessLimits{Memory: 2 << 30, CPU: 2 * time.Minute}), cp, cp, nil,
		extract.Limits{MaxPages: 50, MaxPixels: 100_000_000, DPI: 300, PageConcurrency: 1}, t.TempDir(), log)
	h.run(t, timeout, owner, replica, h.blobs, x, log)
}

// run runs a handler with the extractor x and the blob store blobs.
func (h *harness) run(t *testing.T, timeout time.Duration, owner, replica string, blobs blob.Store, x handler.Extractor, log *slog.Logger) {
	t.Helper()
	hd := handler.New(handler.Config{Service: service, Owner: owner, Replica: replica, Timeout: timeout, Lease: 3 * time.Second, WorkDir: t.TempDir()}, blobs, h.store, x, log)
	servicetest.Run(t, servicetest.Config{Service: service, Kafka: []kgo.Opt{kgo.SeedBrokers(h.kafka.Addrs...)}, Codec: h.codec,
		Redis: h.rdb, Store: h.store, TxnID: "ocr-test", Options: []bus.Option{bus.Logger(log)}},
		func(_ context.Context, rt *bus.Runtime) error {
			bus.Handle(rt, events.TopicSubmitted, hd.Handle, bus.Timeout(timeout+30*time.Second),
				bus.Retry(retry.Policy{Attempts: 2, Initial: 10 * time.Millisecond, Max: 50 * time.Millisecond}))
			return nil
		})
}

// put stores a fixture in the blob store and returns its reference.
func (h *harness) put(t *testing.T, name, mediaType string) events.BlobRef {
	t.Helper()
	f, err := os.Open(filepath.Join("../../testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	ref, err := h.blobs.Put(context.Background(), f, mediaType)
	if err != nil {
		t.Fatal(err)
	}
	return events.BlobRef{URI: ref.URI, SHA256: ref.SHA256, SizeBytes: ref.Size, MediaType: mediaType}
}

func (h *harness) submit(t *testing.T, n int, doc events.BlobRef) *events.DocumentSubmitted {
	t.Helper()
	e := dockettest.Submitted(n, nil)
	e.Document = doc
	dockettest.Produce(t, h.client, h.codec, events.TopicSubmitted, e)
	return e
}

func (h *harness) extracted(t *testing.T, want int, timeout time.Duration) []*events.DocumentExtracted {
	t.Helper()
	var out []*events.DocumentExtracted
	for _, r := range h.kafka.ReadCommitted(t, events.TopicExtracted, want, timeout) {
		e, err := h.codec.Decode(r.Value)
		if err != nil {
			t.Fatalf("decode extracted: %v", err)
		}
		out = append(out, e.(*events.DocumentExtracted))
	}
	return out
}

func (h *harness) deadLetters(t *testing.T, want int) []*events.DeadLetter {
	t.Helper()
	var out []*events.DeadLetter
	for _, r := range h.kafka.ReadCommitted(t, events.DLQTopic(service), want, time.Minute) {
		e, err := h.codec.Decode(r.Value)
		if err != nil {
			t.Fatalf("decode dead letter: %v", err)
		}
		out = append(out, e.(*events.DeadLetter))
	}
	return out
}

func (h *harness) text(t *testing.T, ref events.BlobRef) string {
	t.Helper()
	r, err := h.blobs.Open(context.Background(), ref.SHA256)
	if err != nil {
		t.Fatalf("open text blob: %v", err)
	}
	defer r.Close()
	b, err := io.ReadAll(r)
	if err != nil {
		t.Fatalf("read text blob: %v", err)
	}
	return string(b)
}

func TestSameDocumentInManyWorkflowsRunsTheEngineOnce(t *testing.T) {
	h := newHarness(t)
	doc := h.put(t, "invoice.png", "image/png")
	first := h.submit(t, 1, doc)
	second := h.submit(t, 2, doc)
	h.start(t, time.Minute)

	outs := h.extracted(t, 2, time.Minute)
	if len(outs) != 2 {
		t.Fatalf("got %d extracted events, want 2", len(outs))
	}
	// A replay of the first event and a third workflow later on.
	dockettest.Produce(t, h.client, h.codec, events.TopicSubmitted, first)
	h.submit(t, 3, doc)
	outs = h.extracted(t, 3, time.Minute)
	if len(outs) != 3 {
		t.Fatalf("got %d extracted events, want 3 (the replay emits nothing)", len(outs))
	}
	if n := h.engine.calls.Load(); n != 1 {
		t.Errorf("engine ran %d times for one document in 3 workflows and a replay, want 1", n)
	}
	wfs := map[string]bool{}
	for _, o := range outs {
		wfs[o.Meta.WorkflowID] = true
		if o.Document != doc {
			t.Errorf("document = %+v, want %+v", o.Document, doc)
		}
		if o.Text != outs[0].Text || o.Text.MediaType != handler.TextMediaType || !strings.HasPrefix(o.Text.URI, "docket-blob://sha256/") {
			t.Errorf("text ref = %+v, want the same blob for every workflow", o.Text)
		}
		if len(o.Pages) != 1 || o.Pages[0].Method != extract.MethodOCR || o.Pages[0].Number != 1 || o.Pages[0].Confidence < 0.8 || o.Pages[0].Chars != 41 {
			t.Errorf("pages = %+v, want one OCR page of 41 chars with confidence >= 0.8", o.Pages)
		}
		if o.Engine.Name != "tesseract" || !strings.HasPrefix(o.Engine.Version, "5.") || o.MeanConfidence != o.Pages[0].Confidence {
			t.Errorf("engine %+v mean %v, want tesseract 5.x and the page's confidence", o.Engine, o.MeanConfidence)
		}
	}
	if !wfs[first.Meta.WorkflowID] || !wfs[second.Meta.WorkflowID] || len(wfs) != 3 {
		t.Errorf("workflows = %v, want 3 distinct", wfs)
	}
	if got := h.text(t, outs[0].Text); got != "DOCKET INVOICE 4711\nTOTAL AMOUNT 1234 EUR" {
		t.Errorf("stored text = %q", got)
	}
	rec, ok, err := h.store.Lookup(context.Background(), idempotency.Key{Service: service, ID: "doc/" + doc.SHA256})
	if err != nil || !ok || rec.State != idempotency.Completed {
		t.Errorf("document cache = %+v, %v, %v; want completed", rec, ok, err)
	}
}

func TestRestartedReplicaReclaimsItsDocument(t *testing.T) {
	h := newHarness(t)
	doc := h.put(t, "invoice.png", "image/png")
	key := idempotency.Key{Service: service, ID: "doc/" + doc.SHA256}
	// The replica's previous incarnation was killed mid-extraction, holding
	// the document for another hour.
	dead, err := idempotency.New(h.rdb, idempotency.Lease(time.Hour)).Claim(context.Background(), key, "ocr-0#dead")
	if err != nil || dead.State != idempotency.Acquired {
		t.Fatalf("claim as the dead incarnation: %+v, %v", dead, err)
	}
	h.submit(t, 1, doc)
	h.startAs(t, time.Minute, "ocr-0#live", "ocr-0")
	if outs := h.extracted(t, 1, time.Minute); len(outs) != 1 {
		t.Fatalf("got %d extracted events, want 1", len(outs))
	}
	rec, ok, err := h.store.Lookup(context.Background(), key)
	if err != nil || !ok || rec.State != idempotency.Completed || rec.Owner != "ocr-0#live" || rec.Token <= dead.Token {
		t.Errorf("document claim = %+v, %v, %v; want completed by ocr-0#live with a larger token", rec, ok, err)
	}
}

func TestFailuresAreClassifiedAndDeadLettered(t *testing.T) {
	h := newHarness(t)
	bomb := h.put(t, "bomb.png", "image/png")
	bad := h.put(t, "binary.txt", "text/plain")
	scanned := h.put(t, "scanned.pdf", "application/pdf")
	missing := events.BlobRef{URI: blob.URI(strings.Repeat("0", 64)), SHA256: strings.Repeat("0", 64), SizeBytes: 1, MediaType: "image/png"}
	h.submit(t, 1, bomb)
	h.submit(t, 2, bad)
	h.submit(t, 3, missing)
	h.submit(t, 4, scanned)
	h.start(t, 20*time.Millisecond) // too short for any OCR: the scan times out

	dls := h.deadLetters(t, 4)
	if len(dls) != 4 {
		t.Fatalf("got %d dead letters, want 4", len(dls))
	}
	want := map[string]struct{ class, msg string }{
		"wf-00000001": {"structural", "100000x100000"},
		"wf-00000002": {"structural", "content is application/octet-stream"},
		"wf-00000003": {"structural", "blob not found"},
		"wf-00000004": {"transient", "DOCKET_OCR_TIMEOUT"},
	}
	for _, dl := range dls {
		w := want[dl.Meta.WorkflowID]
		if dl.ErrorClass != w.class || !strings.Contains(dl.ErrorMessage, w.msg) {
			t.Errorf("%s: dead letter %s %q, want %s containing %q", dl.Meta.WorkflowID, dl.ErrorClass, dl.ErrorMessage, w.class, w.msg)
		}
	}
	if n := h.engine.calls.Load(); n > 1 {
		t.Errorf("engine ran %d times; the rejected documents must never reach it", n)
	}
	// A failed extraction releases its claim, so a retry can run it.
	rec, ok, err := h.store.Lookup(context.Background(), idempotency.Key{Service: service, ID: "doc/" + scanned.SHA256})
	if err != nil || !ok || rec.State != idempotency.Released {
		t.Errorf("timed-out document claim = %+v, %v, %v; want released", rec, ok, err)
	}
	if outs := h.kafka.ReadCommitted(t, events.TopicExtracted, 1, time.Second); len(outs) != 0 {
		t.Errorf("got %d extracted events, want none", len(outs))
	}
}

// TestMissingLanguageCompletesDegraded runs the OCR handler with an engine
// that has no data for its language: the documents are not dead-lettered
// but extracted degraded — the text layer alone, or no text for a scan —
// and the extracted event says why (issue 19 point 3).
func TestMissingLanguageCompletesDegraded(t *testing.T) {
	h := newHarness(t)
	h.engine = &countingEngine{Engine: extract.NewTesseract("tesseract", "docketnosuchlang", 300, extract.ProcessLimits{Memory: 2 << 30, CPU: 2 * time.Minute})}
	h.start(t, time.Minute)
	h.submit(t, 1, h.put(t, "faxmixed.pdf", "application/pdf"))
	h.submit(t, 2, h.put(t, "invoice.png", "image/png"))
	got := map[string]*events.DocumentExtracted{}
	for _, e := range h.extracted(t, 2, 2*time.Minute) {
		got[e.Document.MediaType] = e
	}
	for mediaType, wantText := range map[string]bool{"application/pdf": true, "image/png": false} {
		e := got[mediaType]
		if e == nil {
			t.Fatalf("no extracted event for the %s document", mediaType)
		}
		if !strings.HasPrefix(e.Degraded, "ocr_language_missing: ") {
			t.Errorf("%s: degraded %q, want the reason", mediaType, e.Degraded)
		}
		if text := strings.TrimSpace(h.text(t, e.Text)); (text != "") != wantText {
			t.Errorf("%s: text %q, want some: %v", mediaType, text, wantText)
		}
	}
}

// openCounter counts the blobs opened for reading.
type openCounter struct {
	blob.Store
	opened atomic.Int64
}

func (o *openCounter) Open(ctx context.Context, sha string) (io.ReadCloser, error) {
	o.opened.Add(1)
	return o.Store.Open(ctx, sha)
}

// The no-op engine reads nothing of a document: the handler reads no
// blob for it (only the text it stores), yet a document that is not
// stored still fails.
func TestNoopEngineReadsNoDocument(t *testing.T) {
	h := newHarness(t)
	doc := h.put(t, "utf8.txt", "text/plain")
	missing := events.BlobRef{URI: blob.URI(strings.Repeat("0", 64)), SHA256: strings.Repeat("0", 64), SizeBytes: 1, MediaType: "text/plain"}
	h.submit(t, 1, doc)
	h.submit(t, 2, missing)
	blobs := &openCounter{Store: h.blobs}
	h.run(t, time.Minute, "test", "", blobs, extract.Noop{}, slog.New(slog.NewTextHandler(t.Output(), &slog.HandlerOptions{Level: slog.LevelWarn})))

	out := h.extracted(t, 1, time.Minute)
	if len(out) != 1 || out[0].Engine.Name != extract.NoopEngineName || h.text(t, out[0].Text) != extract.NoopText {
		t.Fatalf("extracted %+v, want the no-op engine's text", out)
	}
	dls := h.deadLetters(t, 1)
	if len(dls) != 1 || dls[0].Meta.WorkflowID != "wf-00000002" || !strings.Contains(dls[0].ErrorMessage, "blob not found") {
		t.Fatalf("dead letters %+v, want the missing document's", dls)
	}
	if n := blobs.opened.Load(); n != 0 {
		t.Errorf("the handler opened %d blobs, want none", n)
	}
}

// TestQuickIsSmallTextOrPDF: plain text up to QuickMaxBytes and PDFs up
// to QuickPDFBytes are quick (tried in their batch's transaction, a PDF
// with pages to recognize declined there); a larger one or an image is a
// job.
func TestQuickIsSmallTextOrPDF(t *testing.T) {
	for _, c := range []struct {
		media string
		size  int64
		want  bool
	}{
		{"text/plain; charset=utf-8", 2048, true},
		{"text/plain", handler.QuickMaxBytes, true},
		{"text/plain", handler.QuickMaxBytes + 1, false},
		{"application/pdf", 2048, true},
		{"application/pdf", handler.QuickPDFBytes, true},
		{"application/pdf", handler.QuickPDFBytes + 1, false},
		{"image/png", 2048, false},
		{"text/plain; charset", 2048, false},
	} {
		in := &events.DocumentSubmitted{Document: events.BlobRef{MediaType: c.media, SizeBytes: c.size}}
		if got := handler.Quick(in); got != c.want {
			t.Errorf("Quick(%s, %d bytes) = %v, want %v", c.media, c.size, got, c.want)
		}
	}
}
