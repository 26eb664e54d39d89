package cli

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/docket-run/docket/pkg/events"
	trackerv1 "github.com/docket-run/docket/proto/docket/tracker/v1"
	"github.com/docket-run/docket/services/docket/internal/submit"
)

// agents plays OCR, the classifier and the ledger for the documents the
// stack's ingest accepts, by file name: invoice.txt is recorded,
// scan.txt rejected, memo.txt sent to review.
func (s *stack) agents(t *testing.T, ctx context.Context) {
	cl := s.kafka.Client(t, kgo.ConsumeTopics(events.TopicSubmitted), kgo.ConsumeResetOffset(kgo.NewOffset().AtStart()),
		kgo.FetchIsolationLevel(kgo.ReadCommitted()))
	for ctx.Err() == nil {
		for _, r := range cl.PollFetches(ctx).Records() {
			e, err := s.codec.Decode(r.Value)
			if err != nil {
				t.Errorf("decode submitted: %v", err)
				continue
			}
			sub := e.(*events.DocumentSubmitted)
			s.play(t, sub)
		}
	}
}

func (s *stack) play(t *testing.T, sub *events.DocumentSubmitted) {
	wf, at := sub.Meta.WorkflowID, sub.Meta.OccurredAt
	meta := func(id string, sec int, cause, svc string) events.Meta {
		return events.Meta{EventID: wf + "-" + id, WorkflowID: wf, TenantID: sub.Meta.TenantID, OccurredAt: at.Add(time.Duration(sec) * time.Second),
			CausationID: cause, Producer: events.Producer{Service: svc, Version: "1.0.0"}}
	}
	text := events.BlobRef{URI: "docket-blob://sha256/" + wf + "-text", SHA256: wf + "-text", SizeBytes: 40, MediaType: "text/plain"}
	extracted := &events.DocumentExtracted{Meta: meta("extracted", 1, sub.Meta.EventID, "ocr"), Document: sub.Document, Text: text,
		Pages: []events.Page{{Number: 1, Chars: 40, Confidence: 1, Method: "text_layer"}}, Engine: events.Engine{Name: "plain", Version: "1"}, MeanConfidence: 1}
	model := events.Model{Name: "textmodel", Version: "2026.11"}
	switch sub.Filename {
	case "invoice.txt":
		s.produce(t, events.TopicExtracted, extracted)
		s.produce(t, events.TopicClassified, &events.DocumentClassified{Meta: meta("classified", 2, wf+"-extracted", "classifier"), Document: sub.Document,
			DocumentType: "invoice", Confidence: 0.97, Candidates: []events.Candidate{{Type: "invoice", Score: 0.97}}, Flags: []events.Flag{}, Model: model,
			RulesFired: []string{}, Text: &text, Context: map[string]string{}})
		s.produce(t, events.TopicRecorded, &events.DocumentRecorded{Meta: meta("recorded", 3, wf+"-classified", "ledger"), LedgerTopic: events.TopicLedger,
			LedgerPartition: 0, LedgerOffset: 41, RecordHash: []byte{0xab, 0xcd}, Sequence: 42})
	case "scan.txt":
		s.produce(t, events.TopicRejected, &events.DocumentRejected{Meta: meta("rejected", 1, sub.Meta.EventID, "ocr"), ReasonCode: "unreadable", Message: "no text found"})
	case "memo.txt":
		s.produce(t, events.TopicExtracted, extracted)
		s.produce(t, events.TopicReviewRequested, &events.ReviewRequested{Meta: meta("review", 2, wf+"-extracted", "classifier"), Document: sub.Document,
			Reason: "low_confidence", Priority: 1, SLADeadline: time.Now().Add(time.Hour).UTC().Truncate(time.Millisecond),
			Candidates: []events.Candidate{{Type: "memo", Score: 0.41}}, Flags: []events.Flag{}, Text: &text, Confidence: 0.41, Model: &model})
	}
}

func writeDocs(t *testing.T, names ...string) []string {
	t.Helper()
	dir := t.TempDir()
	var paths []string
	for _, n := range names {
		p := filepath.Join(dir, n)
		if err := os.WriteFile(p, []byte("Document "+n+"\nThis is the text of "+n+".\n"), 0o600); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	return paths
}

// TestSubmitWait submits three documents to a real ingest, follows them
// on the real tracker to their ends (completed, failed, waiting for
// review), then checks that a second run creates nothing and that
// ingest's status endpoints answer from the tracker.
func TestSubmitWait(t *testing.T) {
	s := startStack(t, false)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go s.agents(t, ctx)
	files := writeDocs(t, "invoice.txt", "scan.txt", "memo.txt")

	code, out, errOut := runCLI(t, append([]string{"submit", "--wait", "--poll", "50ms", "--timeout", "1m"}, files...)...)
	if code != 1 || !strings.Contains(errOut, "workflows failed") {
		t.Fatalf("exit %d, stderr %q, want 1 for the failed document; stdout:\n%s", code, errOut, out)
	}
	lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
	ids := map[string]string{} // file name -> workflow id
	progress := map[string][]string{}
	var table []string
	for i, l := range lines {
		if strings.HasPrefix(l, "FILE ") {
			table = lines[i:]
			break
		}
		name, rest, ok := strings.Cut(l, ": ")
		if !ok {
			t.Fatalf("progress line %q", l)
		}
		if id, ok := strings.CutPrefix(rest, "accepted, workflow "); ok {
			ids[name] = id
			continue
		}
		progress[name] = append(progress[name], rest)
	}
	if len(ids) != 3 {
		t.Fatalf("accepted %v, want the three files; output:\n%s", ids, out)
	}
	wantEnd := map[string]string{
		"invoice.txt": "completed: recorded in the ledger, sequence 42",
		"scan.txt":    "failed: rejected: unreadable: no text found",
		"memo.txt":    "waiting for review: stopped waiting (docket review list)",
	}
	wantSteps := map[string][]string{
		"invoice.txt": {"queued at ocr", "running at classify", "running at ledger", "completed at ledger"},
		"scan.txt":    {"queued at ocr", "failed at ingest"},
		"memo.txt":    {"queued at ocr", "running at classify", "waiting_review at review"},
	}
	for name, got := range progress {
		if len(got) < 2 || got[len(got)-1] != wantEnd[name] || !subsequence(got[:len(got)-1], wantSteps[name]) || got[len(got)-2] != wantSteps[name][len(wantSteps[name])-1] {
			t.Errorf("progress of %s: %q; want states in the order %q ending with %q", name, got, wantSteps[name], wantEnd[name])
		}
	}
	want := [][]string{
		{"FILE", "WORKFLOW", "STATUS", "STAGE", "RESULT"},
		{files[0], ids["invoice.txt"], "completed", "ledger", wantEnd["invoice.txt"]},
		{files[1], ids["scan.txt"], "failed", "ingest", wantEnd["scan.txt"]},
		{files[2], ids["memo.txt"], "waiting_review", "review", wantEnd["memo.txt"]},
	}
	if len(table) != len(want) {
		t.Fatalf("summary table:\n%s", strings.Join(table, "\n"))
	}
	for i, l := range table {
		f := strings.Fields(l)
		got := append(f[:4:4], strings.Join(f[4:], " "))
		if strings.Join(got, "|") != strings.Join(want[i], "|") {
			t.Errorf("summary row %d = %q, want %q", i, got, want[i])
		}
	}

	t.Run("again creates nothing", func(t *testing.T) {
		code, out, errOut := runCLI(t, append([]string{"submit", "-o", "json"}, files...)...)
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errOut)
		}
		var got []submitted
		if err := json.Unmarshal([]byte(out), &got); err != nil || len(got) != 3 {
			t.Fatalf("json %q: %v", out, err)
		}
		for i, r := range got {
			name := filepath.Base(files[i])
			doc, _ := os.ReadFile(files[i])
			if r.File != files[i] || r.WorkflowID != ids[name] || r.IdempotencyKey != submit.IdempotencyKey(doc, name, "") ||
				r.StatusURL != s.ingest+"/v1/documents/"+ids[name] || r.Status != "" {
				t.Errorf("second run %d: %+v, want workflow %s", i, r, ids[name])
			}
		}
		if recs := s.kafka.ReadCommitted(t, events.TopicSubmitted, 4, 3*time.Second); len(recs) != 3 {
			t.Errorf("%d submitted events after two runs, want 3", len(recs))
		}
	})

	t.Run("wait with json", func(t *testing.T) {
		code, out, errOut := runCLI(t, append([]string{"submit", "--wait", "-o", "json"}, files...)...)
		if code != 1 || !strings.Contains(errOut, "ended failed") {
			t.Fatalf("exit %d, %q, want 1 for the failed one", code, errOut)
		}
		var got []submitted
		if err := json.Unmarshal([]byte(out), &got); err != nil || len(got) != 3 {
			t.Fatalf("json %q: %v", out, err)
		}
		for i, r := range got {
			name := filepath.Base(files[i])
			if r.WorkflowID != ids[name] || r.Status != want[i+1][2] || r.Stage != want[i+1][3] || r.Result != wantEnd[name] || r.Error != "" {
				t.Errorf("%s: %+v, want %q", name, r, want[i+1])
			}
		}
	})

	t.Run("type hint and tenant", func(t *testing.T) {
		receipt := writeDocs(t, "receipt.txt")[0]
		if code, out, errOut := runCLI(t, "submit", "--type", "receipt", "--tenant", "acme", receipt); code != 0 {
			t.Fatalf("exit %d: %s%s", code, out, errOut)
		}
		recs := s.kafka.ReadCommitted(t, events.TopicSubmitted, 4, 10*time.Second)
		if len(recs) != 4 {
			t.Fatalf("%d submitted events, want 4", len(recs))
		}
		var sub *events.DocumentSubmitted
		for _, r := range recs {
			e, err := s.codec.Decode(r.Value)
			if err != nil {
				t.Fatal(err)
			}
			if e := e.(*events.DocumentSubmitted); e.Filename == "receipt.txt" {
				sub = e
			}
		}
		doc, _ := os.ReadFile(receipt)
		if sub == nil || sub.Labels[submit.TypeHintLabel] != "receipt" || len(sub.Labels) != 1 || sub.Meta.TenantID != "acme" ||
			sub.IdempotencyKey == nil || *sub.IdempotencyKey != submit.IdempotencyKey(doc, "receipt.txt", "receipt") {
			t.Errorf("submitted %+v, want the type_hint label, tenant acme and the content's key", sub)
		}
		code, out, errOut := runCLI(t, "submit", "--tenant", "globex", receipt)
		if code != 1 || !strings.Contains(errOut, "ingest answered 403 forbidden") {
			t.Errorf("another tenant: exit %d, %q %q", code, out, errOut)
		}
	})

	t.Run("plain table without --wait", func(t *testing.T) {
		code, out, errOut := runCLI(t, "submit", files[0])
		want := [][]string{{"FILE", "WORKFLOW"}, {files[0], ids["invoice.txt"]}}
		if code != 0 || !equalRows(rows(out), want) {
			t.Errorf("exit %d, stdout:\n%s\nstderr %s; want rows %q", code, out, errOut, want)
		}
	})

	t.Run("refused upload", func(t *testing.T) {
		code, out, errOut := runCLI(t, "submit", "--token", "wrong-key", files[0])
		if code != 1 || !strings.Contains(errOut, "ingest answered 401") || !strings.Contains(errOut, "1 of 1 files not accepted") {
			t.Errorf("exit %d, stderr %q, stdout %q", code, errOut, out)
		}
	})

	t.Run("ingest status from the tracker", func(t *testing.T) {
		wf := ids["invoice.txt"]
		code, st := getJSON(t, s.ingest+"/v1/documents/"+wf, acmeKey)
		if code != http.StatusOK {
			t.Fatalf("GET %d %v", code, st)
		}
		w := s.waitWorkflow(t, wf, 4)
		wantLedger := map[string]any{"topic": events.TopicLedger, "partition": 0.0, "offset": 41.0, "sequence": 42.0, "hash": "abcd"}
		var steps []string
		for _, x := range st["steps"].([]any) {
			m := x.(map[string]any)
			steps = append(steps, m["name"].(string)+"/"+m["finished_at"].(string))
		}
		wantSteps := []string{
			"ingest/" + render3339(w.GetSteps()[0].GetFinishedAt().AsTime()),
			"ocr/" + render3339(w.GetSteps()[1].GetFinishedAt().AsTime()),
			"classify/" + render3339(w.GetSteps()[2].GetFinishedAt().AsTime()),
			"ledger/" + render3339(w.GetSteps()[3].GetFinishedAt().AsTime()),
		}
		if st["view_source"] != "sagatracker" || st["workflow_id"] != wf || st["tenant_id"] != "acme" || st["status"] != "completed" ||
			st["stage"] != "ledger" || st["terminal"] != true || st["filename"] != "invoice.txt" || st["source"] != "http" ||
			st["version"] != 4.0 || st["error"] != nil || !jsonEqual(st["ledger"], wantLedger) || strings.Join(steps, ",") != strings.Join(wantSteps, ",") {
			t.Errorf("status %v\nwant the tracker's completed workflow with steps %q", st, wantSteps)
		}
		if code, st := getJSON(t, s.ingest+"/v1/documents/"+wf, globexKey); code != http.StatusNotFound {
			t.Errorf("another tenant's GET: %d %v, want 404", code, st)
		}
		code, st = getJSON(t, s.ingest+"/v1/documents/"+ids["scan.txt"], acmeKey)
		if wantErr := map[string]any{"code": "unreadable", "message": "no text found"}; code != http.StatusOK || st["status"] != "failed" ||
			st["terminal"] != true || !jsonEqual(st["error"], wantErr) || st["view_source"] != "sagatracker" {
			t.Errorf("failed status %d %v, want error %v", code, st, wantErr)
		}
	})

	t.Run("ingest event stream follows the tracker", func(t *testing.T) {
		wf := ids["memo.txt"]
		req, _ := http.NewRequest(http.MethodGet, s.ingest+"/v1/documents/"+wf+"/events", nil)
		req.Header.Set("Authorization", "Bearer "+acmeKey)
		resp, err := http.DefaultClient.Do(req)
		if err != nil || resp.StatusCode != http.StatusOK {
			t.Fatalf("events: %v %v", resp, err)
		}
		defer resp.Body.Close()
		states := make(chan string, 16)
		go func() {
			defer close(states)
			sc := bufio.NewScanner(resp.Body)
			event := ""
			for sc.Scan() {
				if v, ok := strings.CutPrefix(sc.Text(), "event: "); ok {
					event = v
				}
				if v, ok := strings.CutPrefix(sc.Text(), "data: "); ok {
					if event == "end" {
						states <- "end"
						return
					}
					var st map[string]any
					_ = json.Unmarshal([]byte(v), &st)
					states <- fmt.Sprintf("%v/%v/%v", st["status"], st["stage"], st["view_source"])
				}
			}
		}()
		expect := func(want string) {
			t.Helper()
			select {
			case got := <-states:
				if got != want {
					t.Fatalf("stream sent %q, want %q", got, want)
				}
			case <-time.After(20 * time.Second):
				t.Fatalf("stream sent nothing within 20s, want %q", want)
			}
		}
		expect("waiting_review/review/sagatracker")
		at := time.Now().UTC().Truncate(time.Millisecond)
		meta := func(id, cause, svc string) events.Meta {
			return events.Meta{EventID: wf + "-" + id, WorkflowID: wf, TenantID: "acme", OccurredAt: at, CausationID: cause, Producer: events.Producer{Service: svc, Version: "1"}}
		}
		doc := events.BlobRef{URI: "docket-blob://sha256/x", SHA256: "x", SizeBytes: 1, MediaType: "text/plain"}
		s.produce(t, events.TopicReviewDecided, &events.ReviewDecided{Meta: meta("decided", wf+"-review", "reviewer"), Document: doc,
			Decision: events.Decision{DocumentType: "memo", Outcome: "approved"}, Flags: []events.Flag{}, Reviewer: "ada", Reason: "a memo", DecidedAt: at, Confidence: 1})
		expect("running/ledger/sagatracker")
		s.produce(t, events.TopicRecorded, &events.DocumentRecorded{Meta: meta("recorded", wf+"-decided", "ledger"), LedgerTopic: events.TopicLedger, RecordHash: []byte{1}, Sequence: 43})
		expect("completed/ledger/sagatracker")
		expect("end")
	})
}

func render3339(t time.Time) string { return t.UTC().Format(time.RFC3339Nano) }

// subsequence reports whether every element of got appears in want, in
// want's order (a stream may skip none, a poll some).
func subsequence(got, want []string) bool {
	i := 0
	for _, g := range got {
		j := slices.Index(want[i:], g)
		if j < 0 {
			return false
		}
		i += j + 1
	}
	return true
}

func getJSON(t *testing.T, url, key string) (int, map[string]any) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, url, nil)
	req.Header.Set("Authorization", "Bearer "+key)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("GET %s: %v", url, err)
	}
	defer resp.Body.Close()
	var m map[string]any
	_ = json.NewDecoder(resp.Body).Decode(&m)
	return resp.StatusCode, m
}

func jsonEqual(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return string(x) == string(y)
}

// playLong plays a long OCR step for sub (started, then two progress
// reports, each applied by the tracker before the next), then the
// classifier and the ledger.
func (s *stack) playLong(t *testing.T, sub *events.DocumentSubmitted) {
	wf, at := sub.Meta.WorkflowID, sub.Meta.OccurredAt
	meta := func(id string, sec int, cause, svc string) events.Meta {
		return events.Meta{EventID: wf + "-" + id, WorkflowID: wf, TenantID: sub.Meta.TenantID, OccurredAt: at.Add(time.Duration(sec) * time.Second),
			CausationID: cause, Producer: events.Producer{Service: svc, Version: "1.0.0"}}
	}
	text := events.BlobRef{URI: "docket-blob://sha256/" + wf + "-text", SHA256: wf + "-text", SizeBytes: 40, MediaType: "text/plain"}
	extracted := &events.DocumentExtracted{Meta: meta("extracted", 4, sub.Meta.EventID, "ocr"), Document: sub.Document, Text: text,
		Pages: []events.Page{{Number: 1, Chars: 40, Confidence: 1, Method: "text_layer"}}, Engine: events.Engine{Name: "plain", Version: "1"}, MeanConfidence: 1}
	model := events.Model{Name: "textmodel", Version: "2026.11"}
	report := func(id string, sec int, kind string, details map[string]string) {
		s.produce(t, events.TopicControl, &events.WorkflowControl{Meta: meta(id, sec, sub.Meta.EventID, "ocr"), Kind: kind, Details: details})
		s.waitEvent(t, wf, wf+"-"+id)
	}
	report("ocr-started", 1, "step_started", map[string]string{"step": "ocr", "attempt": "1"})
	report("ocr-progress-1", 2, "step_progress", map[string]string{"step": "ocr", "done": "1", "total": "3", "unit": "pages"})
	report("ocr-progress-3", 3, "step_progress", map[string]string{"step": "ocr", "done": "3", "total": "3", "unit": "pages"})
	s.produce(t, events.TopicExtracted, extracted)
	s.produce(t, events.TopicClassified, &events.DocumentClassified{Meta: meta("classified", 5, wf+"-extracted", "classifier"), Document: sub.Document,
		DocumentType: "invoice", Confidence: 0.97, Candidates: []events.Candidate{{Type: "invoice", Score: 0.97}}, Flags: []events.Flag{}, Model: model,
		RulesFired: []string{}, Text: &text, Context: map[string]string{}})
	s.produce(t, events.TopicRecorded, &events.DocumentRecorded{Meta: meta("recorded", 6, wf+"-classified", "ledger"), LedgerTopic: events.TopicLedger,
		LedgerPartition: 0, LedgerOffset: 41, RecordHash: []byte{0xab, 0xcd}, Sequence: 43})
}

// waitEvent waits until the tracker has applied event id to workflow wf.
func (s *stack) waitEvent(t *testing.T, wf, id string) {
	t.Helper()
	cl := s.cl
	deadline := time.Now().Add(30 * time.Second)
	for {
		h, err := cl.GetHistory(context.Background(), &trackerv1.GetHistoryRequest{WorkflowId: wf, PageSize: 1000})
		if err == nil && slices.ContainsFunc(h.GetEntries(), func(e *trackerv1.HistoryEntry) bool { return e.GetEventId() == id }) {
			return
		}
		if time.Now().After(deadline) {
			t.Errorf("tracker did not apply %s within 30s: %v", id, err)
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestSubmitWaitShowsProgress: `docket submit --priority bulk --wait`
// submits in the bulk lane (the docket-priority header of the submitted
// record) and, without a terminal, prints a line per progress report of
// the long OCR step, in order, between the workflow's states.
func TestSubmitWaitShowsProgress(t *testing.T) {
	s := startStack(t, false)
	files := writeDocs(t, "long-scan.txt")

	if code, _, errOut := runCLI(t, "submit", "--priority", "urgent", files[0]); code != 2 || !strings.Contains(errOut, `--priority "urgent": want interactive or bulk`) {
		t.Fatalf("--priority urgent: exit %d, stderr %q; want a usage error", code, errOut)
	}
	var out, errOut syncBuffer
	exited := make(chan int, 1)
	go func() {
		exited <- Main(context.Background(), []string{"submit", "--wait", "--priority", "bulk", "--poll", "50ms", "--timeout", "1m", files[0]}, &out, &errOut)
	}()
	recs := s.kafka.ReadCommitted(t, events.TopicSubmitted, 1, 30*time.Second)
	if len(recs) != 1 {
		t.Fatalf("%d submitted records, want 1; stderr %q", len(recs), errOut.String())
	}
	var lane string
	for _, h := range recs[0].Headers {
		if h.Key == "docket-priority" {
			lane = string(h.Value)
		}
	}
	if lane != "bulk" {
		t.Errorf("submitted record in lane %q, want bulk", lane)
	}
	// The step reports once the command follows the workflow.
	for deadline := time.Now().Add(30 * time.Second); !strings.Contains(out.String(), "long-scan.txt: queued at ocr"); {
		if time.Now().After(deadline) {
			t.Fatalf("the command does not follow the workflow: %q %q", out.String(), errOut.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
	e, err := s.codec.Decode(recs[0].Value)
	if err != nil {
		t.Fatal(err)
	}
	s.playLong(t, e.(*events.DocumentSubmitted))
	select {
	case code := <-exited:
		if code != 0 {
			t.Fatalf("exit %d, stderr %q; stdout:\n%s", code, errOut.String(), out.String())
		}
	case <-time.After(time.Minute):
		t.Fatalf("the command did not end: %q", out.String())
	}
	var lines []string
	for _, l := range strings.Split(out.String(), "\n") {
		if rest, ok := strings.CutPrefix(l, "long-scan.txt: "); ok {
			lines = append(lines, rest)
		}
	}
	want := []string{"queued at ocr", "running at ocr", "ocr 1/3 pages", "ocr 3/3 pages", "running at classify", "completed: recorded in the ledger, sequence 43"}
	if !subsequence(want, lines) {
		t.Fatalf("lines %q, want in order %q", lines, want)
	}
}
