package progress

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/docket-run/docket/pkg/events"
)

func meta(wf string) events.Meta { return events.Meta{EventID: wf + "-e", WorkflowID: wf} }

func TestPaths(t *testing.T) {
	var out bytes.Buffer
	w := New(&out, nil)
	w.step(events.TopicSubmitted, &events.DocumentSubmitted{Meta: meta("a"), Filename: "invoice.pdf", Document: events.BlobRef{MediaType: "application/pdf", SizeBytes: 10}})
	w.step(events.TopicControl, &events.WorkflowControl{Meta: meta("a"), Kind: events.KindStepStarted})
	w.step(events.TopicExtracted, &events.DocumentExtracted{Meta: meta("a"), Pages: []events.Page{{Number: 1, Method: "text_layer", Confidence: 1}}, MeanConfidence: 1})
	w.step(events.TopicControl, &events.WorkflowControl{Meta: meta("a"), Kind: events.KindStepProgress})
	w.step(events.TopicClassified, &events.DocumentClassified{Meta: meta("a"), DocumentType: "invoice", Confidence: 0.93})
	w.step(events.TopicRecorded, &events.DocumentRecorded{Meta: meta("a"), LedgerTopic: events.TopicLedger, Sequence: 4})
	w.step(events.TopicSubmitted, &events.DocumentSubmitted{Meta: meta("b"), Filename: "scan.png"})
	w.step(events.DLQTopic("ocr"), &events.DeadLetter{Meta: meta("b"), Service: "ocr", ErrorClass: "structural", ErrorMessage: "tesseract not installed"})
	w.step(events.TopicSubmitted, &events.DocumentSubmitted{Meta: meta("c"), Filename: "passport.jpg"})
	w.step(events.TopicReviewRequested, &events.ReviewRequested{Meta: meta("c"), Reason: "id_document always needs review"})
	w.step(events.TopicSubmitted, &events.DocumentSubmitted{Meta: meta("d"), Filename: "torn.jpg"})
	w.step(events.DLQTopic("ocr"), &events.DeadLetter{Meta: meta("d"), Service: "ocr", ErrorClass: "structural", ErrorMessage: "premature end of JPEG"})
	w.step(events.TopicReviewDecided, &events.ReviewDecided{Meta: meta("d"), Decision: events.Decision{DocumentType: "other", Outcome: "rejected"}, Reviewer: "ana"})
	w.step(events.TopicRecorded, &events.DocumentRecorded{Meta: meta("d"), LedgerTopic: events.TopicLedger, Sequence: 5})
	w.step(events.TopicSubmitted, &events.DocumentSubmitted{Meta: meta("e"), Filename: "withdrawn.pdf"})
	w.step(events.TopicControl, &events.WorkflowControl{Meta: meta("e"), Kind: "cancel_requested", Reason: "customer withdrew"})
	w.step(events.TopicControl, &events.WorkflowControl{Meta: meta("e"), Kind: "canceled", Reason: "customer withdrew"})
	w.step(events.TopicSubmitted, &events.DocumentSubmitted{Meta: meta("f"), Filename: "late.pdf"})
	w.step(events.TopicControl, &events.WorkflowControl{Meta: meta("f"), Kind: "deadline_exceeded"})
	w.step(events.TopicSubmitted, &events.DocumentSubmitted{Meta: meta("g"), Filename: "dropped.pdf"})
	w.step(events.DLQTopic("ocr"), &events.DeadLetter{Meta: meta("g"), Service: "ocr", ErrorClass: "structural", ErrorMessage: "encrypted"})
	w.step(events.TopicControl, &events.WorkflowControl{Meta: meta("g"), Kind: "discarded", Reason: "customer will resend"})
	w.step(events.TopicRecorded, &events.DocumentRecorded{Meta: meta("g"), LedgerTopic: events.TopicLedger, Sequence: 6})

	got := map[string]Workflow{}
	for _, wf := range w.Snapshot() {
		got[wf.Filename] = wf
	}
	tests := []struct {
		file, status string
		done         bool
		steps        int
	}{
		{"invoice.pdf", "completed", true, 4},
		{"scan.png", "parked", false, 2}, // the exception agent holds it for an operator
		{"passport.jpg", "waiting_review", false, 2},
		{"torn.jpg", "completed", true, 4},
		{"withdrawn.pdf", "canceled", true, 3},
		{"late.pdf", "timed_out", true, 2},
		{"dropped.pdf", "failed", true, 4},
	}
	for _, tt := range tests {
		wf := got[tt.file]
		if wf.Status != tt.status || wf.Done != tt.done || len(wf.Path) != tt.steps {
			t.Errorf("%s: status %s done %v path %v; want %s %v with %d steps", tt.file, wf.Status, wf.Done, wf.Path, tt.status, tt.done, tt.steps)
		}
	}
	if n := len(w.Finished()); n != 5 {
		t.Errorf("%d finished workflows delivered, want 5", n)
	}
	for _, want := range []string{"invoice.pdf", "classified invoice (0.93)", "tesseract not installed", "waiting for a reviewer",
		"PARKED", "CANCELED        customer withdrew", "TIMED_OUT", "discarded: customer will resend"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
}

// TestReportQuotesControlCharacters: a workflow id or a dead letter's
// message holding a newline or an escape sequence is printed quoted, on
// its own line, not as a forged line of the output.
func TestReportQuotesControlCharacters(t *testing.T) {
	var out bytes.Buffer
	w := New(&out, nil)
	wf := "x\x1b[31mRED\x1b[0m\nFAKE docket: ocr stopped; restarting in 2s"
	w.step(events.DLQTopic("ingest"), &events.DeadLetter{Meta: meta(wf), Service: "ingest", ErrorClass: "structural", ErrorMessage: "bad\nFAKE second line"})
	for _, line := range strings.Split(out.String(), "\n") {
		if strings.HasPrefix(line, "FAKE") || strings.ContainsRune(line, 0x1b) {
			t.Errorf("output line %q: a record's text forged a line or an escape", line)
		}
	}
	if !strings.Contains(out.String(), `\x1b[31mRED`) {
		t.Errorf("output %q: want the workflow id quoted", out.String())
	}
}

// fakeDecoder decodes the values it was given events for and fails the
// rest as malformed.
type fakeDecoder map[string]events.Event

func (f fakeDecoder) Decode(b []byte) (events.Event, error) {
	if e, ok := f[string(b)]; ok {
		return e, nil
	}
	return nil, errors.New("malformed record value")
}

// TestPoisonDeadLetterNamesNoWorkflow: a record that does not decode,
// keyed with a finished workflow's id, is dead-lettered under that key;
// the workflow stays completed (found from outside: it showed PARKED),
// while a dead letter whose original decodes parks its own workflow.
func TestPoisonDeadLetterNamesNoWorkflow(t *testing.T) {
	var out bytes.Buffer
	dec := fakeDecoder{
		"submitted": &events.DocumentSubmitted{Meta: meta("a"), Filename: "invoice.pdf"},
		"recorded":  &events.DocumentRecorded{Meta: meta("a"), LedgerTopic: events.TopicLedger, Sequence: 4},
		"poison-dl": &events.DeadLetter{Meta: meta("a"), Service: "ingest", ErrorClass: "structural", ErrorMessage: "decode: malformed record value", OriginalValue: []byte("not avro")},
		"sub-b":     &events.DocumentSubmitted{Meta: meta("b"), Filename: "scan.png"},
		"ocr-dl":    &events.DeadLetter{Meta: meta("b"), Service: "ocr", ErrorClass: "structural", ErrorMessage: "encrypted", OriginalValue: []byte("sub-b")},
	}
	w := New(&out, dec)
	var recs []*kgo.Record
	for _, r := range []struct{ topic, value string }{
		{events.TopicSubmitted, "submitted"}, {events.TopicRecorded, "recorded"}, {events.DLQTopic("ingest"), "poison-dl"},
		{events.TopicSubmitted, "sub-b"}, {events.DLQTopic("ocr"), "ocr-dl"},
	} {
		recs = append(recs, &kgo.Record{Topic: r.topic, Key: []byte("a"), Value: []byte(r.value)})
	}
	w.apply(recs)
	got := map[string]Workflow{}
	for _, wf := range w.Snapshot() {
		got[wf.Filename] = wf
	}
	if wf := got["invoice.pdf"]; wf.Status != "completed" || len(wf.Path) != 2 {
		t.Errorf("invoice.pdf: status %s path %v; want completed after 2 steps", wf.Status, wf.Path)
	}
	if wf := got["scan.png"]; wf.Status != "parked" {
		t.Errorf("scan.png: status %s; want parked by its own dead letter", wf.Status)
	}
	if !strings.Contains(out.String(), "a record of no workflow") {
		t.Errorf("output lacks the poison record's line:\n%s", out.String())
	}
}
