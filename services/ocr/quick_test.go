package ocr_test

import (
	"context"
	"os"
	"slices"
	"testing"
	"time"

	"github.com/docket-run/docket/pkg/bus"
	"github.com/docket-run/docket/pkg/dockettest"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/sniff"
)

// TestTextDocumentRunsBeforeQueuedScans submits five scans to one OCR
// worker (real Tesseract), then a plain-text document and a PDF with a
// text layer: both, which take milliseconds, are extracted in their
// batch, not after the scans queued before them. The two scanned PDFs,
// quick by their size and declined in their batch, keep their place
// behind the PNG scans queued before them.
func TestTextDocumentRunsBeforeQueuedScans(t *testing.T) {
	if testing.Short() {
		t.Skip("runs Tesseract on five scans")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	st := newOCRStack(t, ctx, "testdata/scanned.pdf")
	st.start(t, "ocr-quick-test", bus.LongWorkers(1))

	submit := func(n int, path, mediaType string) {
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		ref, err := st.blobs.Put(ctx, f, mediaType)
		if err != nil {
			t.Fatal(err)
		}
		in := dockettest.Submitted(n, nil)
		in.Document = events.BlobRef{URI: ref.URI, SHA256: ref.SHA256, SizeBytes: ref.Size, MediaType: mediaType}
		dockettest.Produce(t, st.kafka.Client(t), st.codec, events.TopicSubmitted, in)
	}
	scans := []string{"testdata/brevsv150.png", "testdata/hallhire150.png", "testdata/invoice.png", "testdata/table200.pdf", "testdata/letter200.pdf"}
	for i, p := range scans {
		mt := sniff.PNG
		if p[len(p)-3:] == "pdf" {
			mt = sniff.PDF
		}
		submit(i, p, mt)
	}
	time.Sleep(time.Second) // the first scan runs, the others wait
	submit(len(scans), "testdata/repair.txt", sniff.Text)
	text := dockettest.Submitted(len(scans), nil).Meta.WorkflowID
	submit(len(scans)+1, "testdata/textlayer.pdf", sniff.PDF)
	layer := dockettest.Submitted(len(scans)+1, nil).Meta.WorkflowID

	var order []string
	for _, r := range st.kafka.ReadCommitted(t, events.TopicExtracted, len(scans)+2, 2*time.Minute) {
		e, err := st.codec.Decode(r.Value)
		if err != nil {
			t.Fatal(err)
		}
		order = append(order, e.EventMeta().WorkflowID)
	}
	if len(order) != len(scans)+2 {
		t.Fatalf("%d of %d documents extracted: %v", len(order), len(scans)+2, order)
	}
	for _, wf := range []string{text, layer} {
		if at := slices.Index(order, wf); at < 0 || at > 2 {
			t.Errorf("extraction order %v: %s came %d of %d; want it right after the one or two scans already running", order, wf, at+1, len(order))
		}
	}
	var scanOrder, want []string
	for i := range scans {
		want = append(want, dockettest.Submitted(i, nil).Meta.WorkflowID)
	}
	for _, wf := range order {
		if slices.Contains(want, wf) {
			scanOrder = append(scanOrder, wf)
		}
	}
	if !slices.Equal(scanOrder, want) {
		t.Errorf("scans extracted in the order %v, want %v: a scanned PDF declined in its batch jumped the queue", scanOrder, want)
	}
}
