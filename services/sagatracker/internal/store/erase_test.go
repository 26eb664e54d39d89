package store

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/services/sagatracker/internal/projection"
)

// TestErasureBeforeItsEvents: a rebuild may project a workflow's erasure
// (docket.workflow.control) before its submission and review request
// (other topics); what those bring of personal data never lands. A
// workflow erased before it ended is canceled.
func TestErasureBeforeItsEvents(t *testing.T) {
	ctx := context.Background()
	s := newStore(t)
	at := t0.Add(time.Minute)
	m := func(id string) events.Meta { return eraseMeta(id, at) }
	build := func(topic string, offset int64, e events.Event) projection.Op { return buildOp(t, topic, offset, e) }
	ops := []projection.Op{
		build(events.TopicControl, 0, &events.WorkflowControl{Meta: m("erase"), Kind: events.KindErasureRequested, Reason: "art. 17", Details: map[string]string{}}),
		build(events.TopicSubmitted, 0, &events.DocumentSubmitted{Meta: m("sub"), Filename: "john-doe.pdf", Deadline: at.Add(time.Hour),
			Document: events.BlobRef{URI: "docket-blob://sha256/ab", SHA256: "ab", SizeBytes: 1, MediaType: "application/pdf"}, Source: "http"}),
		build(events.TopicReviewRequested, 0, &events.ReviewRequested{Meta: m("rr"), Reason: "John Doe's amount", Priority: 1, SLADeadline: at.Add(time.Hour),
			Flags: []events.Flag{{Kind: "policy.amount_over_threshold", Detail: "John Doe"}}, Context: map[string]string{}}),
	}
	if _, err := s.Apply(ctx, ops, map[string]int64{}); err != nil {
		t.Fatal(err)
	}
	w, err := s.Get(ctx, "wf-1")
	if err != nil || w.Filename != "" || !w.ErasedAt.Equal(at) {
		t.Fatalf("workflow = %+v, %v; want erased, no file name", w, err)
	}
	es, _, err := s.History(ctx, "wf-1", 0, 10)
	if err != nil || len(es) != 3 {
		t.Fatalf("history = %+v, %v", es, err)
	}
	for _, e := range es {
		if strings.Contains(e.Summary, "John") || strings.Contains(e.Summary, "john") || strings.Contains(e.Summary, "art. 17") || e.Redacted != "" {
			t.Errorf("history entry %+v", e)
		}
	}
	// Not ended: the erasure cancels it too.
	if v, err := s.rdb.Get(ctx, s.settings.CancelPrefix+"wf-1").Result(); err != nil || v != "erased" {
		t.Errorf("cancel marker = %q, %v; want erased", v, err)
	}
	if due, err := s.Scheduled(ctx); err != nil || due["cancel:wf-1"].IsZero() {
		t.Errorf("timers = %v, %v; want the cancel timer", due, err)
	}
	tk, err := s.Task(ctx, "rr", at)
	if err != nil || tk.Reason != "" || tk.Rule != "" || len(tk.Flags) != 1 || tk.Flags[0].Detail != "" {
		t.Fatalf("review task = %+v, %v", tk, err)
	}
}

// TestErasureReachesTheChangeStream: the change stream holds where each
// change's history entry is, not a copy of it, so an erasure redacts what
// watchers are sent afterwards, from any cursor; a change of a workflow
// that retention deleted comes without an entry.
func TestErasureReachesTheChangeStream(t *testing.T) {
	ctx := context.Background()
	s := newStore(t)
	if err := s.KeepChanges(ctx); err != nil { // a watch is open
		t.Fatal(err)
	}
	at := t0.Add(time.Minute)
	m := func(id string) events.Meta { return eraseMeta(id, at) }
	build := func(topic string, offset int64, e events.Event) projection.Op { return buildOp(t, topic, offset, e) }
	apply := func(ops ...projection.Op) {
		t.Helper()
		if _, err := s.Apply(ctx, ops, map[string]int64{}); err != nil {
			t.Fatal(err)
		}
	}
	summaries := func() []string {
		t.Helper()
		cs, err := s.Changes(ctx, "0-0", 100)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, c := range cs {
			out = append(out, c.Entry.EventID+": "+c.Entry.Summary)
		}
		return out
	}
	apply(
		build(events.TopicSubmitted, 0, &events.DocumentSubmitted{Meta: m("sub"), Filename: "john-doe.pdf", Deadline: at.Add(time.Hour),
			Document: events.BlobRef{URI: "docket-blob://sha256/ab", SHA256: "ab", SizeBytes: 1, MediaType: "application/pdf"}, Source: "http"}),
		build(events.TopicReviewRequested, 0, &events.ReviewRequested{Meta: m("rr"), Reason: "John Doe's amount", Priority: 1, SLADeadline: at.Add(time.Hour),
			Flags: []events.Flag{{Kind: "policy.amount_over_threshold", Detail: "John Doe"}}, Context: map[string]string{}}),
	)
	before := summaries()
	if len(before) != 2 || !strings.Contains(before[0], "john-doe.pdf") || !strings.Contains(before[1], "John Doe") {
		t.Fatalf("changes before the erasure %q, want the file name and the reason", before)
	}
	apply(build(events.TopicControl, 0, &events.WorkflowControl{Meta: m("erase"), Kind: events.KindErasureRequested, Reason: "art. 17", Details: map[string]string{}}))
	after := summaries()
	if len(after) != 3 {
		t.Fatalf("changes after the erasure %q, want 3", after)
	}
	for i, sm := range after {
		if !strings.HasPrefix(sm, []string{"sub", "rr", "erase"}[i]) || strings.Contains(strings.ToLower(sm), "john") || strings.Contains(sm, "art. 17") {
			t.Errorf("change %d after the erasure: %q", i, sm)
		}
	}

	done := m("rec")
	done.WorkflowID = "wf-2"
	apply(build(events.TopicRecorded, 0, &events.DocumentRecorded{Meta: done, LedgerTopic: events.TopicLedger, RecordHash: []byte{1}}))
	if n, err := s.Purge(ctx, at.Add(time.Hour)); err != nil || n != 1 {
		t.Fatalf("purge = %d, %v; want the ended workflow deleted", n, err)
	}
	cs, err := s.Changes(ctx, "0-0", 100)
	if err != nil || len(cs) != 4 || cs[3].Workflow != "wf-2" || cs[3].Status != "completed" || cs[3].Entry.EventID != "" || cs[0].Entry.EventID != "sub" {
		t.Fatalf("changes %+v, %v; want the purged workflow's without its entry", cs, err)
	}
}

// eraseMeta is the metadata of event id of workflow wf-1 of tenant acme.
func eraseMeta(id string, at time.Time) events.Meta {
	return events.Meta{EventID: id, WorkflowID: "wf-1", TenantID: "acme", OccurredAt: at, Producer: events.Producer{Service: "x", Version: "1"}}
}

// buildOp projects e as read at offset of topic.
func buildOp(t *testing.T, topic string, offset int64, e events.Event) projection.Op {
	t.Helper()
	op, ok := projection.Build(projection.Record{Topic: topic, Offset: offset}, e)
	if !ok {
		t.Fatalf("%s not projected", topic)
	}
	return op
}
