// Package quota is the per-tenant daily budget of the work a document
// costs: pages extracted and OCR engine CPU time. Usage is counted in
// Redis, so every replica of every service shares one budget per tenant
// and UTC day: OCR charges pages before it reads a document and CPU after
// each engine run, and ingest refuses new submissions (429 with
// Retry-After) of a tenant whose budget for the day is spent. Without it a
// 60 KB PDF of 500 blank 100-megapixel pages bought three hours of CPU.
package quota

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"
)

// Limits are one tenant's budget per UTC day; a zero field is no limit.
type Limits struct {
	// Pages bounds the pages of the documents extracted (every page of a
	// PDF or TIFF, one per image or text).
	Pages int64
	// CPU bounds the CPU time of the OCR engine processes.
	CPU time.Duration
}

// Table holds the limits of every tenant.
type Table struct {
	// Default applies to tenants not listed.
	Default Limits
	Tenants map[string]Limits
}

// For returns the limits of tenant.
func (t Table) For(tenant string) Limits {
	if l, ok := t.Tenants[tenant]; ok {
		return l
	}
	return t.Default
}

// Parse reads DOCKET_TENANT_QUOTAS: comma-separated tenant=pages/cpu,
// where tenant * is everyone not listed, pages a whole number, cpu a Go
// duration, and - (or 0) no limit; e.g. "*=10000/4h,acme=50000/20h,lab=-/-".
// An empty string limits nothing.
func Parse(s string) (Table, error) {
	t := Table{Tenants: map[string]Limits{}}
	seen := map[string]bool{}
	for part := range strings.SplitSeq(s, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		tenant, spec, ok := strings.Cut(part, "=")
		tenant = strings.TrimSpace(tenant)
		pages, cpu, ok2 := strings.Cut(spec, "/")
		if !ok || !ok2 || tenant == "" {
			return Table{}, fmt.Errorf("%q: want tenant=pages/cpu, e.g. acme=10000/4h", part)
		}
		var l Limits
		if p := strings.TrimSpace(pages); p != "-" {
			n, err := strconv.ParseInt(p, 10, 64)
			if err != nil || n < 0 {
				return Table{}, fmt.Errorf("%q: pages must be a whole number or -", part)
			}
			l.Pages = n
		}
		if c := strings.TrimSpace(cpu); c != "-" {
			d, err := time.ParseDuration(c)
			if err != nil || d < 0 {
				return Table{}, fmt.Errorf("%q: cpu must be a duration such as 4h, or -", part)
			}
			l.CPU = d
		}
		if seen[tenant] {
			return Table{}, fmt.Errorf("tenant %q appears twice", tenant)
		}
		seen[tenant] = true
		if tenant == "*" {
			t.Default = l
			continue
		}
		t.Tenants[tenant] = l
	}
	return t, nil
}

// Resources, as ExceededError names them.
const (
	ResourcePages = "pages"
	ResourceCPU   = "OCR CPU"
)

// ExceededError says a tenant's budget for the day is spent (or would be
// by the document asking for it).
type ExceededError struct {
	Tenant   string
	Resource string
	// Used and Limit are pages, or CPU milliseconds.
	Used, Limit int64
	// Want is what the refused request asked for (pages); 0 for a check.
	Want int64
	// RetryAfter is the time until the budget renews (UTC midnight).
	RetryAfter time.Duration
}

func (e *ExceededError) Error() string {
	used, limit := strconv.FormatInt(e.Used, 10), strconv.FormatInt(e.Limit, 10)
	if e.Resource == ResourceCPU {
		used, limit = (time.Duration(e.Used) * time.Millisecond).String(), (time.Duration(e.Limit) * time.Millisecond).String()
	}
	want := ""
	if e.Want > 0 {
		want = fmt.Sprintf(" (a document of %d more)", e.Want)
	}
	return fmt.Sprintf("tenant %s has used %s of its %s %s for today%s (DOCKET_TENANT_QUOTAS); it renews in %s", e.Tenant, used, limit, e.Resource, want, e.RetryAfter.Round(time.Second))
}

// AsExceeded returns err as an *ExceededError, if it is one.
func AsExceeded(err error) (*ExceededError, bool) {
	var e *ExceededError
	ok := errors.As(err, &e)
	return e, ok
}

// keyTTL keeps a day's counters past its end, for every timezone of a
// reader and a late charge.
const keyTTL = 48 * time.Hour

// Store counts usage in Redis.
type Store struct {
	rdb    redis.Cmdable
	prefix string
	limits Table
	// Now is the clock; time.Now when nil.
	Now func() time.Time
}

// New returns a store on rdb enforcing limits; its keys start with
// docket:quota:.
func New(rdb redis.Cmdable, limits Table) *Store {
	return &Store{rdb: rdb, prefix: "docket:quota:", limits: limits}
}

// day returns the key prefix of tenant's budget today and the time until
// it renews.
func (s *Store) day(tenant string) (string, time.Duration) {
	now := time.Now
	if s.Now != nil {
		now = s.Now
	}
	t := now().UTC()
	midnight := time.Date(t.Year(), t.Month(), t.Day()+1, 0, 0, 0, 0, time.UTC)
	return s.prefix + tenant + ":" + t.Format(time.DateOnly) + ":", midnight.Sub(t)
}

// Check returns an *ExceededError when tenant's pages or CPU for today are
// spent.
func (s *Store) Check(ctx context.Context, tenant string) error {
	l := s.limits.For(tenant)
	if l.Pages == 0 && l.CPU == 0 {
		return nil
	}
	day, renew := s.day(tenant)
	vals, err := s.rdb.MGet(ctx, day+"pages", day+"cpu_ms").Result()
	if err != nil {
		return fmt.Errorf("read quota usage of tenant %s: %w", tenant, err)
	}
	pages, cpu := toInt(vals[0]), toInt(vals[1])
	cpuLimit := l.CPU.Milliseconds()
	switch {
	case l.Pages > 0 && pages >= l.Pages:
		return &ExceededError{Tenant: tenant, Resource: ResourcePages, Used: pages, Limit: l.Pages, RetryAfter: renew}
	case cpuLimit > 0 && cpu >= cpuLimit:
		return &ExceededError{Tenant: tenant, Resource: ResourceCPU, Used: cpu, Limit: cpuLimit, RetryAfter: renew}
	}
	return nil
}

func toInt(v any) int64 {
	s, _ := v.(string)
	n, _ := strconv.ParseInt(s, 10, 64)
	return n
}

// chargePagesScript charges ARGV[1] pages to KEYS[1] unless the document's
// marker KEYS[2] says they were charged already, refusing when the total
// would pass the limit ARGV[2] (0: none). It returns {charged, used}.
var chargePagesScript = redis.NewScript(`
local n = tonumber(ARGV[1])
local limit = tonumber(ARGV[2])
local used = tonumber(redis.call('GET', KEYS[1]) or '0')
if redis.call('EXISTS', KEYS[2]) == 1 then return {1, used} end
if limit > 0 and used + n > limit then return {0, used} end
used = redis.call('INCRBY', KEYS[1], n)
redis.call('PEXPIRE', KEYS[1], ARGV[3])
redis.call('SET', KEYS[2], '1', 'PX', ARGV[3])
return {1, used}
`)

// ChargePages charges n pages of document doc (its SHA-256) to tenant's
// budget for today, once however often the document is tried, or returns
// an *ExceededError (charging nothing) when they do not fit.
func (s *Store) ChargePages(ctx context.Context, tenant, doc string, n int64) error {
	l := s.limits.For(tenant)
	day, renew := s.day(tenant)
	res, err := chargePagesScript.Run(ctx, s.rdb, []string{day + "pages", day + "doc:" + doc}, n, l.Pages, keyTTL.Milliseconds()).Int64Slice()
	if err != nil || len(res) != 2 {
		return fmt.Errorf("charge %d pages to tenant %s: %w (reply %v)", n, tenant, err, res)
	}
	if res[0] == 0 {
		return &ExceededError{Tenant: tenant, Resource: ResourcePages, Used: res[1], Limit: l.Pages, Want: n, RetryAfter: renew}
	}
	return nil
}

// ChargeCPU adds d of engine CPU time to tenant's budget for today and
// returns an *ExceededError when the budget is spent with it.
func (s *Store) ChargeCPU(ctx context.Context, tenant string, d time.Duration) error {
	l := s.limits.For(tenant)
	day, renew := s.day(tenant)
	key := day + "cpu_ms"
	var used *redis.IntCmd
	_, err := s.rdb.TxPipelined(ctx, func(p redis.Pipeliner) error {
		used = p.IncrBy(ctx, key, d.Milliseconds())
		p.PExpire(ctx, key, keyTTL)
		return nil
	})
	if err != nil {
		return fmt.Errorf("charge %s of CPU to tenant %s: %w", d, tenant, err)
	}
	if limit := l.CPU.Milliseconds(); limit > 0 && used.Val() >= limit {
		return &ExceededError{Tenant: tenant, Resource: ResourceCPU, Used: used.Val(), Limit: limit, RetryAfter: renew}
	}
	return nil
}
