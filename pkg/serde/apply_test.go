package serde_test

import (
	"strings"
	"testing"

	"github.com/twmb/franz-go/pkg/sr"

	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/serde"
)

func TestApply(t *testing.T) {
	reg, rc := newRegistry(t)
	ctx := testContext(t)
	weak := events.Subject(events.TopicLedger)
	if err := reg.SetCompat(weak, sr.CompatNone); err != nil {
		t.Fatal(err)
	}

	rows, err := serde.Apply(ctx, rc)
	if err != nil {
		t.Fatalf("Apply: %v", err)
	}
	want := map[string]int{} // subject -> released versions
	for _, s := range events.Schemas() {
		if s.Topic == events.TopicControl {
			want[events.Subject(events.TopicSteps)] = len(s.Released)
		}
		if s.Topic != "" {
			want[events.Subject(s.Topic)] = len(s.Released)
			continue
		}
		for _, svc := range events.Services() {
			want[events.Subject(events.DLQTopic(svc))] = len(s.Released)
		}
	}
	got := map[string][]serde.Applied{}
	for _, r := range rows {
		got[r.Subject] = append(got[r.Subject], r)
	}
	for subject, n := range want {
		level := serde.CompatibilityOf(strings.TrimSuffix(subject, "-value"))
		rs := got[subject]
		if len(rs) != n {
			t.Errorf("%s: %d rows, want %d", subject, len(rs), n)
			continue
		}
		for i, r := range rs {
			if r.Release != i+1 || r.Version != i+1 || r.Status != serde.StatusRegistered || r.ID == 0 {
				t.Errorf("%s row %d = %+v, want release and version %d, registered", subject, i, r, i+1)
			}
			if r.Compatibility != level {
				t.Errorf("%s compatibility = %v, want %v", subject, r.Compatibility, level)
			}
		}
		res := rc.Compatibility(ctx, subject)[0]
		if res.Err != nil || res.Level != level {
			t.Errorf("registry compatibility of %s = %v, %v; want %v", subject, res.Level, res.Err, level)
		}
	}
	if len(got) != len(want) {
		t.Errorf("Apply touched %d subjects, want %d", len(got), len(want))
	}

	again, err := serde.Apply(ctx, rc)
	if err != nil {
		t.Fatalf("second Apply: %v", err)
	}
	for i, r := range again {
		if r.Status != serde.StatusExisting || r.ID != rows[i].ID || r.Version != rows[i].Version {
			t.Errorf("second Apply row %+v, want %+v as existing", r, rows[i])
		}
	}
}

// TestApplyAfterEmbeddedRegister: the current version is registered
// already, an older one is not; Apply must not append the older one after
// it.
func TestApplyAfterEmbeddedRegister(t *testing.T) {
	_, rc := newRegistry(t)
	ctx := testContext(t)
	if _, err := serde.New(ctx, rc, serde.Register, []string{events.TopicSubmitted}); err != nil {
		t.Fatal(err)
	}
	rows, err := serde.Apply(ctx, rc)
	if err != nil {
		t.Fatalf("Apply: %v", err)
	}
	subject := events.Subject(events.TopicSubmitted)
	var statuses []serde.Status
	for _, r := range rows {
		if r.Subject == subject {
			statuses = append(statuses, r.Status)
		}
	}
	if len(statuses) != 2 || statuses[0] != serde.StatusSkipped || statuses[1] != serde.StatusExisting {
		t.Errorf("statuses of %s = %v, want [skipped existing]", subject, statuses)
	}
	versions, err := rc.SubjectVersions(ctx, subject)
	if err != nil || len(versions) != 1 {
		t.Errorf("versions of %s = %v, %v; want one", subject, versions, err)
	}
}
