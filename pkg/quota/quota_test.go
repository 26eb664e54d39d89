package quota_test

import (
	"context"
	"testing"
	"time"

	"github.com/docket-run/docket/pkg/dockettest"
	"github.com/docket-run/docket/pkg/quota"
)

func TestParse(t *testing.T) {
	tb, err := quota.Parse("*=1000/4h, acme=50000/20h,lab=-/-")
	if err != nil {
		t.Fatal(err)
	}
	if got := tb.For("other"); got != (quota.Limits{Pages: 1000, CPU: 4 * time.Hour}) {
		t.Errorf("default = %+v", got)
	}
	if got := tb.For("acme"); got != (quota.Limits{Pages: 50000, CPU: 20 * time.Hour}) {
		t.Errorf("acme = %+v", got)
	}
	if got := tb.For("lab"); got != (quota.Limits{}) {
		t.Errorf("lab = %+v, want no limits", got)
	}
	for _, bad := range []string{"acme=10", "acme=x/1h", "acme=1/soon", "=1/1h", "a=1/1h,a=2/2h", "acme=-1/1h"} {
		if _, err := quota.Parse(bad); err == nil {
			t.Errorf("Parse(%q) accepted", bad)
		}
	}
}

// Two stores, as two replicas (or ingest and OCR) hold, on one Redis share
// one budget per tenant and day; a document's pages are charged once; the
// budget renews at UTC midnight.
func TestStoresShareOneDailyBudget(t *testing.T) {
	rdb := dockettest.RedisClient(t, dockettest.Redis(t))
	ctx := context.Background()
	now := time.Date(2026, 12, 1, 18, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	tb := quota.Table{Default: quota.Limits{Pages: 10, CPU: 2 * time.Second}}
	ocrA, ocrB, ingest := quota.New(rdb, tb), quota.New(rdb, tb), quota.New(rdb, tb)
	ocrA.Now, ocrB.Now, ingest.Now = clock, clock, clock

	if err := ocrA.ChargePages(ctx, "acme", "doc1", 6); err != nil {
		t.Fatal(err)
	}
	if err := ocrB.ChargePages(ctx, "acme", "doc1", 6); err != nil {
		t.Fatalf("a document tried again is charged again: %v", err)
	}
	err := ocrB.ChargePages(ctx, "acme", "doc2", 5)
	if e, ok := quota.AsExceeded(err); !ok || e.Used != 6 || e.Want != 5 || e.RetryAfter != 6*time.Hour {
		t.Fatalf("6+5 pages of 10: %v, want exceeded renewing in 6h", err)
	}
	if err := ingest.Check(ctx, "acme"); err != nil {
		t.Fatalf("Check with 6 of 10 pages used: %v", err)
	}
	if err := ocrA.ChargePages(ctx, "acme", "doc3", 4); err != nil {
		t.Fatal(err)
	}
	if _, ok := quota.AsExceeded(ingest.Check(ctx, "acme")); !ok {
		t.Fatal("Check with 10 of 10 pages used passed")
	}
	if err := ingest.Check(ctx, "globex"); err != nil {
		t.Fatalf("another tenant: %v", err)
	}
	if err := ocrA.ChargeCPU(ctx, "globex", 1500*time.Millisecond); err != nil {
		t.Fatal(err)
	}
	if e, ok := quota.AsExceeded(ocrB.ChargeCPU(ctx, "globex", time.Second)); !ok || e.Resource != quota.ResourceCPU || e.Used != 2500 {
		t.Fatalf("2.5s of 2s CPU: %v", e)
	}
	now = now.Add(6 * time.Hour) // the next UTC day
	if err := ingest.Check(ctx, "acme"); err != nil {
		t.Fatalf("after midnight: %v", err)
	}
}
