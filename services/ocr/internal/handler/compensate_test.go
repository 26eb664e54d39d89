package handler_test

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"testing"
	"time"

	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/docket-run/docket/pkg/blob"
	"github.com/docket-run/docket/pkg/bus"
	"github.com/docket-run/docket/pkg/dockettest"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/idempotency"
	"github.com/docket-run/docket/pkg/serde"
	"github.com/docket-run/docket/pkg/servicetest"
	"github.com/docket-run/docket/services/ocr/internal/checkpoint"
	"github.com/docket-run/docket/services/ocr/internal/extract"
	"github.com/docket-run/docket/services/ocr/internal/handler"
)

// TestCompensationDeletesText: the OCR step's compensation keeps the text
// of a document another workflow still uses, deletes it with the cached
// extraction once the last workflow using it steps back (a later workflow
// of the document extracts it again), and has nothing to undo for a
// workflow it never extracted. A text that is the document itself (plain
// UTF-8 passes through) is never deleted. Two documents with the same
// text share its blob: undoing one keeps what the other uses.
func TestCompensationDeletesText(t *testing.T) {
	topics := []string{events.TopicSubmitted, events.TopicExtracted, events.TopicControl, events.TopicSteps, events.DLQTopic(service), events.RetryTopic(service)}
	k := dockettest.NewKafka(t, 1, topics)
	_, rc := dockettest.Registry(t)
	rdb := dockettest.RedisClient(t, dockettest.Redis(t))
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	codec, err := serde.New(ctx, rc, serde.Register, topics[:5])
	if err != nil {
		t.Fatal(err)
	}
	blobs, err := blob.Open(ctx, "file://"+t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = blobs.Close() })
	store := idempotency.New(rdb)
	log := slog.New(slog.NewTextHandler(t.Output(), &slog.HandlerOptions{Level: slog.LevelWarn}))
	cp := checkpoint.New(rdb, time.Hour, "eng@300dpi")
	x := extract.New(nil, nil, cp, cp, nil, extract.Limits{MaxPages: 5, MaxPixels: 1_000_000, DPI: 300, PageConcurrency: 1}, t.TempDir(), log)
	refs := handler.NewRefs(rdb, time.Hour)
	hd := handler.New(handler.Config{Service: service, Owner: "test", Timeout: 30 * time.Second, WorkDir: t.TempDir(), Refs: refs}, blobs, store, x, log)
	undo := &handler.Undo{Refs: refs, Cache: store, Texts: blobs, Key: hd.DocumentKey}
	servicetest.Run(t, servicetest.Config{Service: service, Kafka: []kgo.Opt{kgo.SeedBrokers(k.Addrs...)}, Codec: codec,
		Redis: rdb, Store: store, TxnID: "ocr-comp-test", Options: []bus.Option{bus.Logger(log), bus.Produces(events.TopicExtracted, events.TopicSteps)}},
		func(_ context.Context, rt *bus.Runtime) error {
			bus.Handle(rt, events.TopicSubmitted, hd.Handle, bus.Compensation(events.StepOCR, undo.Compensate))
			return nil
		})

	// Latin-1, so the extracted text (UTF-8) is a blob of its own.
	ref, err := blobs.Put(ctx, bytes.NewReader([]byte("Invoice 42: total due 100 \xa3, caf\xe9")), "text/plain")
	if err != nil {
		t.Fatal(err)
	}
	doc := events.BlobRef{URI: ref.URI, SHA256: ref.SHA256, SizeBytes: ref.Size, MediaType: "text/plain"}
	cl := k.Client(t)
	subs := make([]*events.DocumentSubmitted, 3)
	for i := range subs {
		subs[i] = dockettest.Submitted(i+1, nil)
		subs[i].Document = doc
	}
	dockettest.Produce(t, cl, codec, events.TopicSubmitted, subs[0], subs[1])
	ext := k.ReadCommitted(t, events.TopicExtracted, 2, time.Minute)
	if len(ext) != 2 {
		t.Fatalf("got %d extracted events, want 2", len(ext))
	}
	e, err := codec.Decode(ext[0].Value)
	if err != nil {
		t.Fatal(err)
	}
	text := e.(*events.DocumentExtracted).Text.SHA256

	request := func(i int, wf string) {
		actor := events.ServiceSagaTracker
		dockettest.Produce(t, cl, codec, events.TopicControl, &events.WorkflowControl{
			Meta: events.Meta{EventID: "comp-" + wf, WorkflowID: wf, TenantID: "acme", OccurredAt: time.Now().UTC().Truncate(time.Millisecond),
				Producer: events.Producer{Service: actor, Version: "test"}},
			Kind: events.KindCompensationRequested, Actor: &actor,
			Details: map[string]string{events.DetailStep: events.StepOCR, events.DetailCause: "canceled", handler.DetailTextSHA256: text},
		})
		steps := k.ReadCommitted(t, events.TopicSteps, i, time.Minute)
		if len(steps) != i {
			t.Fatalf("got %d step events, want %d", len(steps), i)
		}
	}
	answer := func(i int) map[string]string {
		recs := k.ReadCommitted(t, events.TopicSteps, i, time.Minute)
		e, err := codec.Decode(recs[i-1].Value)
		if err != nil {
			t.Fatal(err)
		}
		c := e.(*events.WorkflowControl)
		if c.Kind != events.KindCompensated {
			t.Fatalf("answer %d: %s %v, want compensated", i, c.Kind, c.Details)
		}
		return c.Details
	}

	request(1, subs[0].Meta.WorkflowID)
	if d := answer(1); d["shared"] != "true" || d["deleted"] != "0" {
		t.Fatalf("first workflow's compensation: %v, want the shared text kept", d)
	}
	if _, err := blobs.Stat(ctx, text); err != nil {
		t.Fatalf("text of a workflow still running: %v", err)
	}
	request(2, subs[1].Meta.WorkflowID)
	if d := answer(2); d["deleted"] != "1" {
		t.Fatalf("last workflow's compensation: %v, want the text deleted", d)
	}
	if _, err := blobs.Stat(ctx, text); !errors.Is(err, blob.ErrNotFound) {
		t.Fatalf("text after the last workflow stepped back: %v, want not found", err)
	}
	request(3, "never-extracted")
	if d := answer(3); d[events.DetailNothingToUndo] != "true" {
		t.Fatalf("compensation of a workflow never extracted: %v, want nothing to undo", d)
	}
	// The cached extraction went with the text: a new workflow of the
	// document extracts and stores the text again.
	dockettest.Produce(t, cl, codec, events.TopicSubmitted, subs[2])
	if ext := k.ReadCommitted(t, events.TopicExtracted, 3, time.Minute); len(ext) != 3 {
		t.Fatalf("got %d extracted events, want 3", len(ext))
	}
	if _, err := blobs.Stat(ctx, text); err != nil {
		t.Fatalf("text of the new workflow: %v", err)
	}

	// A UTF-8 document is its own text: stepping back keeps it.
	plain, err := blobs.Put(ctx, bytes.NewReader([]byte("plain UTF-8 text")), "text/plain")
	if err != nil {
		t.Fatal(err)
	}
	own := dockettest.Submitted(4, nil)
	own.Document = events.BlobRef{URI: plain.URI, SHA256: plain.SHA256, SizeBytes: plain.Size, MediaType: "text/plain"}
	dockettest.Produce(t, cl, codec, events.TopicSubmitted, own)
	if ext := k.ReadCommitted(t, events.TopicExtracted, 4, time.Minute); len(ext) != 4 {
		t.Fatalf("got %d extracted events, want 4", len(ext))
	}
	text = plain.SHA256
	request(4, own.Meta.WorkflowID)
	if d := answer(4); d["deleted"] != "0" {
		t.Fatalf("compensation of a workflow whose text is its document: %v, want nothing deleted", d)
	}
	if _, err := blobs.Stat(ctx, plain.SHA256); err != nil {
		t.Fatalf("document after its workflow stepped back: %v", err)
	}

	// Two documents, one text: Latin-1 and UTF-16 bytes of the same words
	// are two documents whose extractions store one text blob. Undoing the
	// first document's only workflow keeps the text the second's uses.
	latin, err := blobs.Put(ctx, bytes.NewReader([]byte("Receipt 7: caf\xe9 au lait")), "text/plain")
	if err != nil {
		t.Fatal(err)
	}
	wide := []byte{0xff, 0xfe}
	for _, r := range "Receipt 7: café au lait" {
		wide = append(wide, byte(r), 0)
	}
	utf16, err := blobs.Put(ctx, bytes.NewReader(wide), "text/plain")
	if err != nil {
		t.Fatal(err)
	}
	twins := []*events.DocumentSubmitted{dockettest.Submitted(5, nil), dockettest.Submitted(6, nil)}
	twins[0].Document = events.BlobRef{URI: latin.URI, SHA256: latin.SHA256, SizeBytes: latin.Size, MediaType: "text/plain"}
	twins[1].Document = events.BlobRef{URI: utf16.URI, SHA256: utf16.SHA256, SizeBytes: utf16.Size, MediaType: "text/plain"}
	dockettest.Produce(t, cl, codec, events.TopicSubmitted, twins[0], twins[1])
	ext = k.ReadCommitted(t, events.TopicExtracted, 6, time.Minute)
	if len(ext) != 6 {
		t.Fatalf("got %d extracted events, want 6", len(ext))
	}
	shared := map[string]bool{}
	for _, r := range ext[4:] {
		e, err := codec.Decode(r.Value)
		if err != nil {
			t.Fatal(err)
		}
		shared[e.(*events.DocumentExtracted).Text.SHA256] = true
	}
	if len(shared) != 1 {
		t.Fatalf("the two documents' texts: %v, want one blob", shared)
	}
	for sha := range shared {
		text = sha
	}
	request(5, twins[0].Meta.WorkflowID)
	if d := answer(5); d["deleted"] != "0" || d["shared"] != "true" {
		t.Fatalf("compensation of a document whose text another document's workflow uses: %v, want the text kept", d)
	}
	if _, err := blobs.Stat(ctx, text); err != nil {
		t.Fatalf("text of the other document's workflow: %v", err)
	}
	request(6, twins[1].Meta.WorkflowID)
	if d := answer(6); d["deleted"] != "1" {
		t.Fatalf("compensation of the last workflow using the text: %v, want it deleted", d)
	}
	if _, err := blobs.Stat(ctx, text); !errors.Is(err, blob.ErrNotFound) {
		t.Fatalf("text after both documents' workflows stepped back: %v, want not found", err)
	}
}
