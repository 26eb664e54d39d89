package models_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/docket-run/docket/pkg/dockettest"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/services/classifier"
	"github.com/docket-run/docket/services/classifier/models"
)

// TestRegistry: the embedded model seeds the registry; promote keeps the
// version it replaced for rollback and ends a shadow it promotes; unknown
// versions and a rollback with nothing before are refused.
func TestRegistry(t *testing.T) {
	ctx := context.Background()
	rdb := dockettest.RedisClient(t, dockettest.Redis(t))
	reg := models.NewRegistry(rdb)
	base, err := reg.Seed(ctx, classifier.ModelJSON, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := reg.Rollback(ctx); !errors.Is(err, models.ErrNoPrevious) {
		t.Errorf("rollback with nothing before: %v, want ErrNoPrevious", err)
	}
	if err := reg.SetShadow(ctx, "f00"); !errors.Is(err, models.ErrUnknownVersion) {
		t.Errorf("shadow of an unknown version: %v, want ErrUnknownVersion", err)
	}
	if _, err := reg.Promote(ctx, "f00"); !errors.Is(err, models.ErrUnknownVersion) {
		t.Errorf("promote of an unknown version: %v, want ErrUnknownVersion", err)
	}
	// Another model: the same file with other whitespace has another digest.
	other, err := reg.Add(ctx, append([]byte(" "), classifier.ModelJSON...), models.Info{Source: "test", AddedAt: time.Now()})
	if err != nil {
		t.Fatal(err)
	}
	if v, err := reg.Resolve(ctx, other[:10]); err != nil || v != other {
		t.Errorf("resolve %s = %s, %v; want %s", other[:10], v, err, other)
	}
	if err := reg.SetShadow(ctx, other); err != nil {
		t.Fatal(err)
	}
	if was, err := reg.Promote(ctx, other); err != nil || was != base {
		t.Fatalf("promote = %s, %v; want %s replaced", was, err, base)
	}
	if st, err := reg.State(ctx); err != nil || st.Active != other || st.Shadow != "" || len(st.Previous) != 1 || st.Previous[0] != base {
		t.Fatalf("state after promote = %+v, %v", st, err)
	}
	if again, err := reg.Seed(ctx, classifier.ModelJSON, time.Now()); err != nil || again != other {
		t.Errorf("seed after a promotion = %s, %v; want the promoted %s kept", again, err, other)
	}
	if v, err := reg.Rollback(ctx); err != nil || v != base {
		t.Fatalf("rollback = %s, %v; want %s", v, err, base)
	}
	if st, err := reg.State(ctx); err != nil || st.Active != base || len(st.Previous) != 0 {
		t.Fatalf("state after rollback = %+v, %v", st, err)
	}
	if vs, err := reg.List(ctx); err != nil || len(vs) != 2 || vs[0].Source != models.SourceBuiltin {
		t.Errorf("list = %+v, %v; want builtin then test", vs, err)
	}

	// A new build's embedded model replaces the builtin model of the
	// build before, which becomes the previous version.
	upgrade := append(append([]byte(nil), classifier.ModelJSON...), '\n')
	next, err := reg.Seed(ctx, upgrade, time.Now())
	if err != nil || next == base {
		t.Fatalf("seed of a new build = %s, %v; want its own version", next, err)
	}
	if st, err := reg.State(ctx); err != nil || st.Active != next || len(st.Previous) != 1 || st.Previous[0] != base {
		t.Errorf("state after an upgrade = %+v, %v; want %s active, %s previous", st, err, next, base)
	}
}

// TestLearn: only a review that decides another type than the model
// suggested is an example, and a decision made again replaces it.
func TestLearn(t *testing.T) {
	ctx := context.Background()
	ex := models.NewExamples(dockettest.RedisClient(t, dockettest.Redis(t)))
	text := events.BlobRef{URI: "file:///t", SHA256: "ab", SizeBytes: 2, MediaType: "text/plain"}
	if err := ex.Suggest(ctx, "wf-1", models.Suggestion{Type: "receipt", Model: "m1+policy.builtin", Text: text}); err != nil {
		t.Fatal(err)
	}
	decided := func(wf, docType, reviewer string) *events.ReviewDecided {
		d := &events.ReviewDecided{Decision: events.Decision{DocumentType: docType, Outcome: "approved"}, Reviewer: reviewer,
			DecidedAt: time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)}
		d.Meta = events.Meta{EventID: "d-" + wf + "-" + docType, WorkflowID: wf, TenantID: "acme"}
		return d
	}
	for _, tc := range []struct {
		name string
		d    *events.ReviewDecided
		want bool
	}{
		{"agrees", decided("wf-1", "receipt", "bob"), false},
		{"no suggestion", decided("wf-2", "invoice", "bob"), false},
		{"corrects", decided("wf-1", "invoice", "alice"), true},
		{"corrects again", decided("wf-1", "tax_form", "carol"), true},
	} {
		if got, err := ex.Learn(ctx, tc.d); err != nil || got != tc.want {
			t.Errorf("%s: Learn = %v, %v; want %v", tc.name, got, err, tc.want)
		}
	}
	all, err := ex.All(ctx)
	if err != nil {
		t.Fatal(err)
	}
	want := models.Example{Workflow: "wf-1", Tenant: "acme", Text: text, Type: "tax_form", Predicted: "receipt", Model: "m1+policy.builtin",
		Reviewer: "carol", EventID: "d-wf-1-tax_form", DecidedAt: time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)}
	if len(all) != 1 || !all[0].DecidedAt.Equal(want.DecidedAt) {
		t.Fatalf("examples = %+v, want only %+v", all, want)
	}
	all[0].DecidedAt = want.DecidedAt
	if all[0] != want {
		t.Errorf("example = %+v, want %+v", all[0], want)
	}
}

// TestLearnCorrection: a correction labels the text the model decided on,
// reviewed or not; one back to the model's own type withdraws the
// reviewer's example; one with no model decision kept teaches nothing;
// Forget drops a workflow's example and decisions.
func TestLearnCorrection(t *testing.T) {
	ctx := context.Background()
	ex := models.NewExamples(dockettest.RedisClient(t, dockettest.Redis(t)))
	text := events.BlobRef{URI: "file:///t", SHA256: "ab", SizeBytes: 2, MediaType: "text/plain"}
	if err := ex.Classified(ctx, "wf-auto", models.Suggestion{Type: "invoice", Model: "m1", Text: text}); err != nil {
		t.Fatal(err)
	}
	if err := ex.Suggest(ctx, "wf-rev", models.Suggestion{Type: "receipt", Model: "m1", Text: text}); err != nil {
		t.Fatal(err)
	}
	d := &events.ReviewDecided{Decision: events.Decision{DocumentType: "invoice"}, Reviewer: "bob"}
	d.Meta = events.Meta{EventID: "d-1", WorkflowID: "wf-rev", TenantID: "acme"}
	if ok, err := ex.Learn(ctx, d); err != nil || !ok {
		t.Fatalf("Learn = %v, %v", ok, err)
	}
	at := time.Date(2026, 12, 2, 10, 0, 0, 0, time.UTC)
	actor := "carol"
	corrected := func(wf, typ string) *events.WorkflowControl {
		return &events.WorkflowControl{Meta: events.Meta{EventID: "c-" + wf, WorkflowID: wf, TenantID: "acme", OccurredAt: at},
			Kind: events.KindCorrected, Actor: &actor, Details: map[string]string{events.DetailDocumentType: typ}}
	}
	for _, tc := range []struct {
		name string
		c    *events.WorkflowControl
		want bool
	}{
		{"auto-classified, corrected", corrected("wf-auto", "contract"), true},
		{"reviewed, corrected back to the model's type", corrected("wf-rev", "receipt"), true},
		{"no model decision kept", corrected("wf-none", "contract"), false},
		{"no type", corrected("wf-auto", ""), false},
	} {
		if got, err := ex.LearnCorrection(ctx, tc.c); err != nil || got != tc.want {
			t.Errorf("%s: LearnCorrection = %v, %v; want %v", tc.name, got, err, tc.want)
		}
	}
	all, err := ex.All(ctx)
	want := models.Example{Workflow: "wf-auto", Tenant: "acme", Text: text, Type: "contract", Predicted: "invoice", Model: "m1",
		Reviewer: "carol", EventID: "c-wf-auto", DecidedAt: at}
	if err != nil || len(all) != 1 || all[0] != want {
		t.Fatalf("examples = %+v, %v; want only %+v", all, err, want)
	}
	if err := ex.Forget(ctx, "wf-auto"); err != nil {
		t.Fatal(err)
	}
	if all, err := ex.All(ctx); err != nil || len(all) != 0 {
		t.Fatalf("examples after Forget = %+v, %v", all, err)
	}
	if got, err := ex.LearnCorrection(ctx, corrected("wf-auto", "tax_form")); err != nil || got {
		t.Fatalf("LearnCorrection after Forget = %v, %v; want nothing learned", got, err)
	}
}
