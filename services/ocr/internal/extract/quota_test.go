package extract_test

import (
	"strings"
	"testing"
	"time"

	"github.com/docket-run/docket/pkg/dockettest"
	"github.com/docket-run/docket/pkg/fault"
	"github.com/docket-run/docket/pkg/quota"
)

// TestTenantQuotaStopsOCR is issue 15 point 8 on the OCR side: a 500-page
// PDF was allowed and one blank 100-megapixel page cost 21 s, so 60 KB of
// PDF bought three hours of CPU. A tenant's pages are charged before any
// page is read and its engine CPU as it is spent, in Redis: a document
// over either daily budget is structural, and the usage is what ingest
// (another store on the same Redis) refuses the tenant's next document by.
func TestTenantQuotaStopsOCR(t *testing.T) {
	rdb := dockettest.RedisClient(t, dockettest.Redis(t))
	tb, err := quota.Parse("*=-/-,pages=2/-,cpu=-/1ms")
	if err != nil {
		t.Fatal(err)
	}
	ingest := quota.New(rdb, tb)
	tests := []struct {
		tenant, want string
		maxCalls     int64
	}{
		// scanned.pdf has 3 pages: refused before any is read.
		{"pages", "pages", 0},
		// The tools' CPU before the first page (pdfinfo, pdftotext,
		// pdftoppm) spends a millisecond: stopped before all 3 pages.
		{"cpu", "OCR CPU", 2},
	}
	for _, tt := range tests {
		t.Run(tt.tenant, func(t *testing.T) {
			x, eng := newExtractor(t, options{quota: quota.New(rdb, tb)})
			j := job("scanned.pdf", "application/pdf")
			j.Tenant = tt.tenant
			_, err := x.Extract(ctx(t), j)
			if err == nil || fault.ClassOf(err) != fault.Structural || !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), "DOCKET_TENANT_QUOTAS") {
				t.Fatalf("err = %v, want a structural quota error on %s", err, tt.want)
			}
			if n := eng.calls.Load(); n > tt.maxCalls {
				t.Errorf("engine ran %d times, want at most %d", n, tt.maxCalls)
			}
		})
	}
	if e, ok := quota.AsExceeded(ingest.Check(ctx(t), "cpu")); !ok || e.RetryAfter <= 0 || e.RetryAfter > 24*time.Hour {
		t.Errorf("ingest's check of the tenant over its CPU: %v, want exceeded until midnight", e)
	}
	if err := ingest.Check(ctx(t), "pages"); err != nil {
		t.Errorf("a refused document charged its pages: %v", err)
	}
	x, _ := newExtractor(t, options{quota: quota.New(rdb, tb)})
	j := job("textlayer.pdf", "application/pdf")
	j.Tenant = "pages"
	if _, err := x.Extract(ctx(t), j); err != nil {
		t.Errorf("a document within the page budget: %v", err)
	}
}
