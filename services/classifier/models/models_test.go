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
