package projection

import (
	"strings"
	"testing"
	"time"

	"github.com/docket-run/docket/pkg/events"
)

func TestBuildStatusRules(t *testing.T) {
	m := events.Meta{EventID: "e", WorkflowID: "wf", TenantID: "acme", OccurredAt: time.UnixMilli(1000), Producer: events.Producer{Service: "s", Version: "v"}}
	cases := []struct {
		name   string
		topic  string
		ev     events.Event
		status string
		stage  string
	}{
		{"submitted", events.TopicSubmitted, &events.DocumentSubmitted{Meta: m}, StatusQueued, StepOCR},
		{"extracted", events.TopicExtracted, &events.DocumentExtracted{Meta: m}, StatusRunning, StepClassify},
		{"classified", events.TopicClassified, &events.DocumentClassified{Meta: m}, StatusRunning, StepLedger},
		{"review requested", events.TopicReviewRequested, &events.ReviewRequested{Meta: m}, StatusWaitingReview, StepReview},
		{"review decided", events.TopicReviewDecided, &events.ReviewDecided{Meta: m}, StatusRunning, StepLedger},
		{"recorded", events.TopicRecorded, &events.DocumentRecorded{Meta: m}, StatusCompleted, StepLedger},
		{"rejected", events.TopicRejected, &events.DocumentRejected{Meta: m}, StatusFailed, StepIngest},
		{"dlq transient", events.DLQTopic("classifier"), &events.DeadLetter{Meta: m, Service: "classifier", ErrorClass: "transient"}, StatusRetrying, StepClassify},
		{"dlq structural", events.DLQTopic("ledger"), &events.DeadLetter{Meta: m, Service: "ledger", ErrorClass: "structural"}, StatusParked, StepLedger},
		{"dlq semantic", events.DLQTopic("ocr"), &events.DeadLetter{Meta: m, Service: "ocr", ErrorClass: "semantic"}, StatusWaitingReview, StepReview},
		{"canceled", events.TopicControl, &events.WorkflowControl{Meta: m, Kind: "canceled"}, StatusCanceled, ""},
		{"deadline", events.TopicControl, &events.WorkflowControl{Meta: m, Kind: "deadline_exceeded"}, StatusTimedOut, ""},
		{"retry scheduled", events.TopicControl, &events.WorkflowControl{Meta: m, Kind: "retry_scheduled", Details: map[string]string{"service": "ocr", "source_topic": events.TopicSubmitted}}, StatusRetrying, StepOCR},
		{"parked", events.TopicControl, &events.WorkflowControl{Meta: m, Kind: "parked", Details: map[string]string{"service": "ledger", "source_topic": events.TopicReviewDecided}}, StatusParked, StepLedger},
		{"replayed", events.TopicControl, &events.WorkflowControl{Meta: m, Kind: "replayed", Details: map[string]string{"service": "classifier"}}, StatusRetrying, StepClassify},
		{"discarded", events.TopicControl, &events.WorkflowControl{Meta: m, Kind: "discarded", Details: map[string]string{"service": "ocr"}}, StatusFailed, StepOCR},
		{"agent control without service", events.TopicControl, &events.WorkflowControl{Meta: m, Kind: "parked"}, "", ""},
		{"unknown control kind", events.TopicControl, &events.WorkflowControl{Meta: m, Kind: "something_new"}, "", ""},
		{"ledger record", events.TopicLedger, &events.LedgerRecord{Meta: m}, "", ""},
		{"redelivery", events.RetryTopic("ocr"), &events.DocumentSubmitted{Meta: m}, "", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			op, ok := Build(Record{Topic: c.topic, Partition: 1, Offset: 7}, c.ev)
			if !ok {
				t.Fatal("Build refused the event")
			}
			if op.Status != c.status || op.Stage != c.stage {
				t.Fatalf("status %q stage %q, want %q %q", op.Status, op.Stage, c.status, c.stage)
			}
			if op.Workflow != "wf" || op.TP != c.topic+"/1" || op.Offset != 7 || op.At != "1000" || op.Entry.Producer != "s@v" {
				t.Fatalf("op %+v", op)
			}
		})
	}
}

func TestBuildRequestNamesNoWorkflow(t *testing.T) {
	// A request's meta.workflow_id is the requester's correlation id, not
	// a workflow: ingest answers with a submitted event under the derived
	// workflow id, or a rejection under another. Projecting the request
	// left a queued workflow behind that never moved and showed stalled.
	m := events.Meta{EventID: "req-1", WorkflowID: "my-correlation-id", TenantID: "acme", OccurredAt: time.UnixMilli(1000)}
	cases := []struct {
		name string
		key  []byte
	}{
		{"keyed by the correlation id", []byte("my-correlation-id")},
		{"keyed otherwise", []byte("another-key")},
		{"no key", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			op, ok := Build(Record{Topic: events.TopicRequested, Partition: 2, Offset: 9, Key: c.key}, &events.DocumentRequested{Meta: m, Filename: "scan.pdf"})
			if ok {
				t.Fatalf("Build projected a request onto workflow %q (status %q stage %q), want only the offset advanced", op.Workflow, op.Status, op.Stage)
			}
			if op.TP != events.TopicRequested+"/2" || op.Offset != 9 {
				t.Fatalf("offset not advanced: %+v", op)
			}
		})
	}
}

func TestParkedRanksWithItsDeadLetter(t *testing.T) {
	// Parking a ledger dead letter of a review decision applies over the
	// decision (same rank as the dead letter), and a discard ends it.
	meta := events.Meta{WorkflowID: "wf"}
	details := map[string]string{"service": "ledger", "source_topic": events.TopicReviewDecided}
	dl, _ := Build(Record{Topic: events.DLQTopic("ledger")}, &events.DeadLetter{Meta: meta, Service: "ledger", SourceTopic: events.TopicReviewDecided, ErrorClass: "transient"})
	parked, _ := Build(Record{Topic: events.TopicControl}, &events.WorkflowControl{Meta: meta, Kind: "parked", Details: details})
	discarded, _ := Build(Record{Topic: events.TopicControl}, &events.WorkflowControl{Meta: meta, Kind: "discarded", Reason: "duplicate upload", Details: details})
	if parked.Rank != dl.Rank || discarded.Rank != rankTerminal || discarded.Error != "discarded: duplicate upload" {
		t.Fatalf("dead letter rank %d, parked %d, discarded %d %q", dl.Rank, parked.Rank, discarded.Rank, discarded.Error)
	}
}

func TestDeadLetterRankAboveItsSource(t *testing.T) {
	// A dead letter of OCR (failed on submitted) is overtaken by extracted.
	dl, _ := Build(Record{Topic: events.DLQTopic("ocr")}, &events.DeadLetter{Meta: events.Meta{WorkflowID: "wf"}, Service: "ocr", SourceTopic: events.TopicSubmitted, ErrorClass: "transient"})
	sub, _ := Build(Record{Topic: events.TopicSubmitted}, &events.DocumentSubmitted{Meta: events.Meta{WorkflowID: "wf"}})
	ext, _ := Build(Record{Topic: events.TopicExtracted}, &events.DocumentExtracted{Meta: events.Meta{WorkflowID: "wf"}})
	if !(sub.Rank < dl.Rank && dl.Rank < ext.Rank) {
		t.Fatalf("ranks submitted %d, dead letter %d, extracted %d: want increasing", sub.Rank, dl.Rank, ext.Rank)
	}
}

func TestReviewFinishesClassifyOnlyFromTheClassifier(t *testing.T) {
	// The exception agent's review of a parked OCR failure starts the review
	// step, but classify never ran: it must not show as finished.
	cases := []struct {
		name     string
		producer string
		finish   string
	}{
		{"classifier's review", events.ServiceClassifier, StepClassify},
		{"exception agent's review of a dead letter", events.ServiceException, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := events.Meta{WorkflowID: "wf", Producer: events.Producer{Service: c.producer}}
			op, _ := Build(Record{Topic: events.TopicReviewRequested}, &events.ReviewRequested{Meta: m})
			if op.Start != StepReview || op.Finish != c.finish {
				t.Fatalf("starts %q finishes %q, want %q %q", op.Start, op.Finish, StepReview, c.finish)
			}
		})
	}
}

// The steps topic's writers (OCR among them) may report on their own steps
// but not steer a workflow: a control kind that does on the control topic
// only goes into the history there.
func TestStepsTopicCannotSteer(t *testing.T) {
	m := events.Meta{EventID: "e1", WorkflowID: "wf-1", TenantID: "t", OccurredAt: time.UnixMilli(1000)}
	for _, kind := range []string{KindCancelRequested, "discarded", "parked", "deadline_exceeded", KindReviewEscalated, "retry_scheduled", events.KindErasureRequested} {
		ev := &events.WorkflowControl{Meta: m, Kind: kind, Reason: "forged", Details: map[string]string{"service": "ocr", DetailTaskID: "task-1", DetailPriority: "9"}}
		op, ok := Build(Record{Topic: events.TopicSteps, Partition: 0, Offset: 1}, ev)
		if !ok {
			t.Fatalf("%s: not projected into the history", kind)
		}
		if op.Status != "" || op.Control != nil || op.Error != "" {
			t.Errorf("%s on %s: status %q control %+v error %q; want history only", kind, events.TopicSteps, op.Status, op.Control, op.Error)
		}
		ctl, _ := Build(Record{Topic: events.TopicControl, Partition: 0, Offset: 1}, ev)
		if ctl.Status == "" && ctl.Control == nil {
			t.Errorf("%s on %s has no effect either; the test proves nothing", kind, events.TopicControl)
		}
	}
	started := &events.WorkflowControl{Meta: m, Kind: events.KindStepStarted, Details: map[string]string{events.DetailStep: "ocr"}}
	if op, _ := Build(Record{Topic: events.TopicSteps}, started); op.Status != StatusRunning {
		t.Errorf("step_started on %s: status %q, want running", events.TopicSteps, op.Status)
	}
	// A try that failed inside the step's worker: still running, at the
	// step's stage, not ignored.
	retrying := &events.WorkflowControl{Meta: m, Kind: events.KindStepRetrying, Reason: "busy", Details: map[string]string{events.DetailStep: "ocr", events.DetailTry: "1", events.DetailTries: "4"}}
	if op, _ := Build(Record{Topic: events.TopicSteps}, retrying); op.Status != StatusRunning || op.Stage != StepOCR || strings.HasPrefix(op.Entry.Summary, "ignored") {
		t.Errorf("step_retrying on %s: status %q stage %q summary %q; want running at ocr, in the history", events.TopicSteps, op.Status, op.Stage, op.Entry.Summary)
	}
	// A step that gave up on a timed-out workflow is told in the history,
	// changing nothing.
	stopped := &events.WorkflowControl{Meta: m, Kind: events.KindStepStopped, Reason: "deadline passed", Details: map[string]string{events.DetailStep: "ocr"}}
	if op, _ := Build(Record{Topic: events.TopicSteps}, stopped); op.Status != "" || op.Control != nil || strings.HasPrefix(op.Entry.Summary, "ignored") {
		t.Errorf("step_stopped on %s: status %q control %+v summary %q; want history only, not ignored", events.TopicSteps, op.Status, op.Control, op.Entry.Summary)
	}
	// The ledger answers a correction or an erasure on the control topic:
	// the same kinds on the steps topic change nothing (found from
	// outside: OCR's principal forged a correction there).
	for _, kind := range []string{events.KindCorrected, events.KindCorrectionRefused, events.KindErased} {
		ev := &events.WorkflowControl{Meta: m, Kind: kind, Details: map[string]string{events.DetailDocumentType: "contract", events.DetailSequence: "99"}}
		if op, _ := Build(Record{Topic: events.TopicSteps}, ev); op.Correction != nil || op.Status != "" || !strings.HasPrefix(op.Entry.Summary, "ignored") {
			t.Errorf("%s on %s: correction %+v status %q summary %q; want ignored", kind, events.TopicSteps, op.Correction, op.Status, op.Entry.Summary)
		}
	}
	corrected := &events.WorkflowControl{Meta: m, Kind: events.KindCorrected, Details: map[string]string{events.DetailDocumentType: "contract"}}
	if op, _ := Build(Record{Topic: events.TopicControl}, corrected); op.Correction == nil || op.Correction.Type != "contract" {
		t.Errorf("corrected on %s: correction %+v, want type contract", events.TopicControl, op.Correction)
	}
	// An agent's canceled counts only once a cancel was requested (the
	// store checks the marker); the tracker's own on the control topic
	// always.
	canceled := &events.WorkflowControl{Meta: m, Kind: KindCanceled, Reason: "forged"}
	if op, _ := Build(Record{Topic: events.TopicSteps}, canceled); op.Status != StatusCanceled || !op.RequireCancel {
		t.Errorf("canceled on %s: status %q require cancel %v; want canceled once a cancel was requested", events.TopicSteps, op.Status, op.RequireCancel)
	}
	if op, _ := Build(Record{Topic: events.TopicControl}, canceled); op.Status != StatusCanceled || op.RequireCancel {
		t.Errorf("canceled on %s: status %q require cancel %v; want canceled", events.TopicControl, op.Status, op.RequireCancel)
	}
	// deadline_exceeded on the control topic writes the deadline marker.
	dl := &events.WorkflowControl{Meta: m, Kind: KindDeadlineExceeded, Reason: "deadline passed"}
	if op, _ := Build(Record{Topic: events.TopicControl}, dl); op.Control == nil || !op.Control.TimedOut || op.Control.TimedOutReason != "deadline passed" {
		t.Errorf("deadline_exceeded control = %+v; want the deadline marker", op.Control)
	}
}

func TestDegradedClassificationInHistory(t *testing.T) {
	m := events.Meta{EventID: "c1", WorkflowID: "wf-1", TenantID: "t", OccurredAt: time.UnixMilli(1000)}
	ev := &events.DocumentClassified{Meta: m, DocumentType: "invoice", Confidence: 0.9, Model: events.Model{Name: "docket-tfidf-logreg", Version: "v3"},
		Context: map[string]string{"degraded": "llm_unavailable: LLM classifier unavailable for 2m0s"}}
	op, _ := Build(Record{Topic: events.TopicClassified}, ev)
	if !strings.Contains(op.Entry.Summary, "degraded: llm_unavailable") || op.Status != StatusRunning {
		t.Errorf("summary %q status %q: want the classification marked degraded", op.Entry.Summary, op.Status)
	}
}

func TestDegradedExtractionInHistory(t *testing.T) {
	m := events.Meta{EventID: "x1", WorkflowID: "wf-1", TenantID: "t", OccurredAt: time.UnixMilli(1000)}
	ev := &events.DocumentExtracted{Meta: m, Pages: []events.Page{{Number: 1}}, Engine: events.Engine{Name: "pdftotext"}, MeanConfidence: 1,
		Degraded: `ocr_language_missing: tesseract has no data for language "deu"; text layer only`}
	op, _ := Build(Record{Topic: events.TopicExtracted}, ev)
	if want := `extracted 1 pages with pdftotext, mean confidence 1.00; degraded: ocr_language_missing: tesseract has no data for language "deu"; text layer only`; op.Entry.Summary != want {
		t.Errorf("summary %q, want %q", op.Entry.Summary, want)
	}
}
