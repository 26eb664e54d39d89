package chaos

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/twmb/franz-go/pkg/kgo"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/status"

	"github.com/docket-run/docket/pkg/dockettest"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/ledgerchain"
	trackerv1 "github.com/docket-run/docket/proto/docket/tracker/v1"
	"github.com/docket-run/docket/services/docket/internal/samples"
)

// TestCompensationDrill is the drill of the backward paths (issue 19): with
// the six services as processes, it holds each step in turn (SIGSTOP) and,
// at that point of their workflows, cancels half of a batch and fails the
// other half for good (an operator's discard) — after one, two and three
// completed steps —, makes the blob store refuse one compensation's delete,
// keeps the optional LLM classifier unreachable for the whole run (the
// built-in model decides, marked degraded), lets a batch run forward, tries
// to cancel its recorded workflows (refused) and corrects each one several
// times at once. Then every workflow must have ended consistent: completed
// (degraded with its reason or not), compensated (a canceled or failed one
// with every effect undone, or none to undo), or parked for a person; and
// the ledger verifies, with net dispositions (dispositions + corrections −
// reversals) of 1 for a completed workflow and of 0 for one that stepped
// back, unless its one record is the record of its discard. COMP_WORKFLOWS
// (default 16) sets the size; make chaos runs 120. Its last line is the
// summary.
func TestCompensationDrill(t *testing.T) {
	if testing.Short() {
		t.Skip("the compensation drill runs the services as processes; skipped with -short")
	}
	for _, bin := range []string{"pdftotext", "pdfinfo"} {
		if _, err := exec.LookPath(bin); err != nil {
			t.Fatalf("%s not found on PATH: apt-get install poppler-utils", bin)
		}
	}
	per := max(2, envInt(t, "COMP_WORKFLOWS", 16)/4)
	var summary string
	t.Cleanup(func() {
		if summary != "" {
			fmt.Println(summary)
		}
	})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute+time.Duration(per)*8*time.Second)
	defer cancel()
	st := newStack(ctx, t, dockettest.Kfake,
		// The optional LLM classifier is down for the whole drill, past its
		// budget at once: the built-in model decides, marked degraded.
		"DOCKET_CLASSIFIER_LLM_URL=http://"+dockettest.FreeAddr(t), "DOCKET_CLASSIFIER_LLM_MODEL=drill",
		"DOCKET_CLASSIFIER_LLM_TIMEOUT=1s", "DOCKET_CLASSIFIER_LLM_BUDGET=0s")
	d := newDrill(t, st)
	go d.watch(ctx)

	stages := []struct {
		name, svc, topic string
		reached          func(*trackerv1.Workflow) bool
	}{
		{"after ingest", "ocr", events.TopicSubmitted, func(w *trackerv1.Workflow) bool { return w.GetStatus() == trackerv1.Status_STATUS_QUEUED }},
		{"after ocr", "classifier", events.TopicExtracted, func(w *trackerv1.Workflow) bool { return w.GetStage() == "classify" }},
		{"after classify", "ledger", events.TopicClassified, func(w *trackerv1.Workflow) bool {
			return w.GetStage() == "ledger" || w.GetStatus() == trackerv1.Status_STATUS_WAITING_REVIEW
		}},
	}
	var all []string
	for i, sg := range stages {
		d.signal(sg.svc, syscall.SIGSTOP)
		ids := d.submit(ctx, i, per)
		d.waitFor(ctx, ids, sg.name, sg.reached)
		if sg.svc == "classifier" {
			// The blob store refuses to delete this workflow's text: its
			// compensation fails and a person has to look. Blocked before
			// the workflow is failed, or OCR's compensation may delete the
			// text first.
			d.blockDelete(ctx, ids[1])
		}
		for j, id := range ids {
			if j%2 == 0 {
				d.cancel(ctx, id)
			} else {
				d.discard(ctx, id, sg.svc, sg.topic)
			}
		}
		d.signal(sg.svc, syscall.SIGCONT)
		t.Logf("%s: %d workflows, half canceled, half failed for good", sg.name, len(ids))
		all = append(all, ids...)
	}
	forward := d.submit(ctx, len(stages), per)
	all = append(all, forward...)
	d.waitFor(ctx, forward, "forward", func(w *trackerv1.Workflow) bool {
		return w.GetStatus() == trackerv1.Status_STATUS_COMPLETED || w.GetStatus() == trackerv1.Status_STATUS_WAITING_REVIEW
	})
	corrected := d.correctionStorm(ctx, forward, 3) // at most 3: four types less the recorded one
	final := d.settle(ctx, all)

	recs := d.ledger()
	keys, err := ledgerchain.LoadPublicKeys(st.publicKey)
	if err != nil {
		t.Fatalf("ledger public key: %v", err)
	}
	verify := "ok"
	if _, err := ledgerchain.VerifyTopic(ctx, []kgo.Opt{kgo.SeedBrokers(st.kafka.Addrs...)}, st.codec, keys); err != nil {
		verify = "fail"
		t.Errorf("ledger verify: %v", err)
	}
	var compensated, degraded, parked, inconsistent int
	sort.Strings(all)
	for _, id := range all {
		w := final[id]
		l := lineageOf(recs[id])
		why := ""
		switch w.GetStatus() {
		case trackerv1.Status_STATUS_COMPLETED:
			switch {
			case l.net != 1 || l.current == nil || l.current.Decision.Outcome == "discarded":
				why = "completed without exactly one disposition on record"
			case corrected[id] > 0 && l.corrections != corrected[id]:
				why = fmt.Sprintf("%d corrections asked, %d in the ledger", corrected[id], l.corrections)
			case l.disposition.Degraded != "": // a correction decides anew, the decision it corrects was degraded
				degraded++
			}
		case trackerv1.Status_STATUS_COMPENSATED, trackerv1.Status_STATUS_CANCELED, trackerv1.Status_STATUS_FAILED:
			// Stepped back: every effect undone (a canceled or failed
			// workflow had none left to undo).
			if l.net != 0 && (l.net != 1 || l.current.Decision.Outcome != "discarded") {
				why = "stepped back with a disposition still on record"
			} else {
				compensated++
			}
		case trackerv1.Status_STATUS_COMPENSATION_FAILED, trackerv1.Status_STATUS_PARKED, trackerv1.Status_STATUS_WAITING_REVIEW:
			if l.net > 1 || l.net < 0 {
				why = "more than one net disposition"
			} else {
				parked++
			}
		default:
			why = "not settled"
		}
		if why != "" {
			inconsistent++
			t.Errorf("inconsistent: %s (%s at %s, %q): %s; ledger: net %d, %d records", id, w.GetStatus(), w.GetStage(), w.GetLastError(), why, l.net, len(recs[id]))
		}
	}
	if parked == 0 {
		t.Errorf("no workflow parked for a person: the refused delete did not end its compensation")
	}
	if degraded == 0 {
		t.Errorf("no completed workflow degraded: the unreachable LLM classifier was not noticed")
	}
	summary = fmt.Sprintf("chaos: scenario=compensation workflows=%d compensated=%d degraded=%d parked=%d inconsistent=%d verify=%s",
		len(all), compensated, degraded, parked, inconsistent, verify)
	if inconsistent > 0 || verify != "ok" {
		t.Errorf("%s: want inconsistent=0 verify=ok", summary)
	}
}

// drill drives the compensation drill's workflows.
type drill struct {
	t   *testing.T
	st  *stack
	ops trackerv1.OperationsClient
	trk trackerv1.TrackerClient
	cl  *kgo.Client

	mu    sync.Mutex
	docs  map[string]events.BlobRef // workflow -> document, from submitted
	texts map[string]string         // workflow -> text sha256, from extracted
}

func newDrill(t *testing.T, st *stack) *drill {
	conn, err := grpc.NewClient(st.trackerAddr, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatalf("dial tracker: %v", err)
	}
	t.Cleanup(func() { _ = conn.Close() })
	return &drill{t: t, st: st, ops: trackerv1.NewOperationsClient(conn), trk: trackerv1.NewTrackerClient(conn), cl: st.client(),
		docs: map[string]events.BlobRef{}, texts: map[string]string{}}
}

// watch reads the documents and texts of the workflows, read committed.
func (d *drill) watch(ctx context.Context) {
	cl := d.st.client(kgo.ConsumeTopics(events.TopicSubmitted, events.TopicExtracted), kgo.ConsumeResetOffset(kgo.NewOffset().AtStart()),
		kgo.FetchIsolationLevel(kgo.ReadCommitted()))
	for ctx.Err() == nil {
		for _, r := range cl.PollFetches(ctx).Records() {
			e, err := d.st.codec.Decode(r.Value)
			if err != nil {
				continue
			}
			d.mu.Lock()
			switch ev := e.(type) {
			case *events.DocumentSubmitted:
				d.docs[ev.Meta.WorkflowID] = ev.Document
			case *events.DocumentExtracted:
				d.texts[ev.Meta.WorkflowID] = ev.Text.SHA256
			}
			d.mu.Unlock()
		}
	}
}

// signal sends sig to every process of a service.
func (d *drill) signal(svc string, sig syscall.Signal) {
	for _, p := range d.st.procs {
		if p.name == svc {
			if err := syscall.Kill(p.p.Pid(), sig); err != nil {
				d.t.Fatalf("signal %s: %v", p.instance, err)
			}
		}
	}
}

// submit posts n documents with text layers (their text is a blob of its
// own) of batch b and returns their workflows.
func (d *drill) submit(ctx context.Context, b, n int) []string {
	var pdfs []samples.Sample
	for _, s := range samples.Catalog {
		if strings.HasSuffix(s.File, ".pdf") && !strings.HasSuffix(s.File, "-scan.pdf") {
			pdfs = append(pdfs, s)
		}
	}
	var subs []submission
	for i := range n {
		s := pdfs[i%len(pdfs)]
		s.Text = fmt.Sprintf("%s\nReference: DRILL-%d-%05d\n", s.Text, b, i)
		body, err := samples.Render(s)
		if err != nil {
			d.t.Fatal(err)
		}
		subs = append(subs, submission{name: fmt.Sprintf("drill-%d-%04d-%s", b, i, s.File), body: body, key: fmt.Sprintf("drill-%d-%d", b, i), kind: kindDocument})
	}
	acc := submit(ctx, d.st.ingestURL, subs, func(int) {})
	if len(acc.errs) > 0 || len(acc.kinds) != n {
		d.t.Fatalf("batch %d: %d of %d accepted: %v", b, len(acc.kinds), n, acc.errs)
	}
	ids := make([]string, 0, n)
	for _, s := range subs {
		ids = append(ids, acc.byKey[s.key])
	}
	return ids
}

// waitFor polls the tracker until every workflow of ids is reached.
func (d *drill) waitFor(ctx context.Context, ids []string, what string, reached func(*trackerv1.Workflow) bool) {
	deadline := time.Now().Add(3*time.Minute + time.Duration(len(ids))*2*time.Second)
	for {
		left := 0
		var last *trackerv1.Workflow
		for _, id := range ids {
			w, err := d.trk.GetWorkflow(ctx, &trackerv1.GetWorkflowRequest{Id: id})
			if err != nil || !reached(w) {
				left++
				last = w
			}
		}
		if left == 0 {
			return
		}
		if time.Now().After(deadline) || ctx.Err() != nil {
			d.t.Fatalf("%s: %d of %d workflows not reached (one: %v)", what, left, len(ids), last)
		}
		time.Sleep(500 * time.Millisecond)
	}
}

// cancel asks the tracker to cancel a workflow.
func (d *drill) cancel(ctx context.Context, id string) {
	if _, err := d.ops.CancelWorkflow(ctx, &trackerv1.CancelWorkflowRequest{WorkflowId: id, Reason: "drill: canceled mid-way", Actor: "drill"}); err != nil {
		d.t.Fatalf("cancel %s: %v", id, err)
	}
}

// discard fails a workflow for good as an operator's discard of its parked
// item at step svc (which consumed topic) does: the exception agent's
// discarded control event, with the workflow's document.
func (d *drill) discard(ctx context.Context, id, svc, topic string) {
	d.mu.Lock()
	doc, ok := d.docs[id]
	d.mu.Unlock()
	if !ok {
		d.t.Fatalf("discard %s: its submitted event was not seen", id)
	}
	actor := "operator:drill"
	details := map[string]string{"service": svc, "source_topic": topic, "parked_id": "drill-" + id, "park_kind": "structural", "dead_letter": "drill-" + id}
	events.AddDocumentDetails(details, doc)
	ev := &events.WorkflowControl{
		Meta: events.Meta{EventID: "drill-discarded-" + id, WorkflowID: id, TenantID: "chaos", OccurredAt: time.Now().UTC().Truncate(time.Millisecond),
			Producer: events.Producer{Service: events.ServiceException, Version: "drill"}},
		Kind: "discarded", Reason: "drill: failed for good " + svc, Actor: &actor, Details: details,
	}
	dockettest.Produce(d.t, d.cl, d.st.codec, events.TopicControl, ev)
}

// blockDelete makes the blob store refuse to delete a workflow's text: a
// directory with a file in it takes the blob's place.
func (d *drill) blockDelete(ctx context.Context, id string) {
	var sha string
	for end := time.Now().Add(time.Minute); sha == "" && time.Now().Before(end) && ctx.Err() == nil; time.Sleep(100 * time.Millisecond) {
		d.mu.Lock()
		sha = d.texts[id]
		d.mu.Unlock()
	}
	if sha == "" {
		d.t.Fatalf("block delete: %s's extracted event was not seen", id)
	}
	path := filepath.Join(d.st.dir, "blobs", "sha256", sha[:2], sha)
	if err := os.Remove(path); err != nil {
		d.t.Fatalf("block delete: %v", err)
	}
	if err := os.MkdirAll(filepath.Join(path, "held"), 0o750); err != nil {
		d.t.Fatalf("block delete: %v", err)
	}
}

// correctionStorm corrects each completed workflow of ids times times at
// once, after a cancel of it was refused, and returns the corrections
// asked per workflow.
func (d *drill) correctionStorm(ctx context.Context, ids []string, times int) map[string]int {
	out := map[string]int{}
	var mu sync.Mutex
	var wg sync.WaitGroup
	for _, id := range ids {
		w, err := d.trk.GetWorkflow(ctx, &trackerv1.GetWorkflowRequest{Id: id})
		if err != nil || w.GetStatus() != trackerv1.Status_STATUS_COMPLETED {
			continue
		}
		// Types unlike each other and the recorded one: a correction that
		// changes nothing is refused, whatever order they land in.
		var types []string
		for _, ty := range []string{"invoice", "receipt", "contract", "purchase_order"} {
			if ty != w.GetDocumentType() {
				types = append(types, ty)
			}
		}
		_, err = d.ops.CancelWorkflow(ctx, &trackerv1.CancelWorkflowRequest{WorkflowId: id, Reason: "drill: too late"})
		if status.Code(err) != codes.FailedPrecondition {
			d.t.Errorf("cancel of recorded %s: %v, want FailedPrecondition", id, err)
		}
		for i := range times {
			wg.Go(func() {
				_, err := d.ops.CorrectWorkflow(ctx, &trackerv1.CorrectWorkflowRequest{WorkflowId: id, DocumentType: types[i%len(types)],
					Reason: "drill: correction " + strconv.Itoa(i), RequestId: "drill-" + strconv.Itoa(i)})
				mu.Lock()
				defer mu.Unlock()
				if err != nil {
					d.t.Errorf("correct %s: %v", id, err)
					return
				}
				out[id]++
			})
		}
	}
	wg.Wait()
	return out
}

// settle polls the tracker until every workflow of ids has ended and none
// changed for five seconds (a late effect restarts a compensation), and
// returns each one's last state.
func (d *drill) settle(ctx context.Context, ids []string) map[string]*trackerv1.Workflow {
	moving := map[trackerv1.Status]bool{trackerv1.Status_STATUS_QUEUED: true, trackerv1.Status_STATUS_RUNNING: true,
		trackerv1.Status_STATUS_RETRYING: true, trackerv1.Status_STATUS_COMPENSATING: true, trackerv1.Status_STATUS_UNSPECIFIED: true}
	deadline := time.Now().Add(3*time.Minute + time.Duration(len(ids))*time.Second)
	out := map[string]*trackerv1.Workflow{}
	var stableSince time.Time
	for {
		changed, left := false, 0
		for _, id := range ids {
			w, err := d.trk.GetWorkflow(ctx, &trackerv1.GetWorkflowRequest{Id: id})
			if err != nil {
				left++
				continue
			}
			if prev := out[id]; prev == nil || prev.GetEvents() != w.GetEvents() || prev.GetStatus() != w.GetStatus() {
				changed = true
			}
			out[id] = w
			if moving[w.GetStatus()] {
				left++
			}
		}
		if changed || left > 0 {
			stableSince = time.Now()
		}
		if time.Since(stableSince) >= 5*time.Second || time.Now().After(deadline) || ctx.Err() != nil {
			return out
		}
		time.Sleep(time.Second)
	}
}

// ledger reads the records of docket.ledger per workflow, in chain order.
func (d *drill) ledger() map[string][]*events.LedgerRecord {
	cl := d.st.client(kgo.ConsumeTopics(events.TopicLedger), kgo.ConsumeResetOffset(kgo.NewOffset().AtStart()), kgo.FetchIsolationLevel(kgo.ReadCommitted()))
	out := map[string][]*events.LedgerRecord{}
	for idle := 0; idle < 3; {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		fs := cl.PollFetches(ctx)
		cancel()
		if len(fs.Records()) == 0 {
			idle++
			continue
		}
		idle = 0
		for _, r := range fs.Records() {
			e, err := d.st.codec.Decode(r.Value)
			if err != nil {
				d.t.Errorf("decode ledger record at %d/%d: %v", r.Partition, r.Offset, err)
				continue
			}
			if lr, ok := e.(*events.LedgerRecord); ok {
				out[lr.WorkflowID] = append(out[lr.WorkflowID], lr)
			}
		}
	}
	return out
}

// lineage is what a workflow's records add up to.
type lineage struct {
	net, corrections int
	current          *events.LedgerRecord // the disposition or correction standing, nil when none
	disposition      *events.LedgerRecord // the workflow's disposition, nil when none
}

// lineageOf adds up a workflow's records in chain order: dispositions and
// corrections count one, reversals minus one.
func lineageOf(recs []*events.LedgerRecord) lineage {
	var l lineage
	for _, r := range recs {
		switch ledgerchain.KindOf(r) {
		case ledgerchain.KindDisposition:
			l.net++
			l.current, l.disposition = r, r
		case ledgerchain.KindCorrection:
			l.net++
			l.corrections++
			l.current = r
		case ledgerchain.KindReversal:
			l.net--
			l.current = nil
		}
	}
	return l
}
