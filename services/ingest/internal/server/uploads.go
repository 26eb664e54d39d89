package server

import (
	"net/http"
	"sync"
	"time"

	"github.com/docket-run/docket/services/ingest/internal/submit"
)

// uploadRetry is the Retry-After of a refused upload: uploads end in
// seconds, so one second is soon enough to try again.
const uploadRetry = time.Second

// Uploads caps the submissions whose bodies this replica is reading at
// once: in total (past it a 503) and per tenant (past it a 429, so one
// tenant cannot take every slot), both with Retry-After. Bodies stream to
// the blob store, so a slot costs buffers, a connection and a temporary
// blob, not the document's size in memory.
type Uploads struct {
	total, perTenant int

	mu       sync.Mutex
	running  int
	byTenant map[string]int
}

// NewUploads returns a cap of total uploads at once, perTenant of them
// for one tenant.
func NewUploads(total, perTenant int) *Uploads {
	return &Uploads{total: total, perTenant: perTenant, byTenant: map[string]int{}}
}

// Acquire takes a slot for tenant, or returns the refusal; release gives
// the slot back.
func (u *Uploads) Acquire(tenant string) (release func(), err error) {
	u.mu.Lock()
	defer u.mu.Unlock()
	switch {
	case u.byTenant[tenant] >= u.perTenant:
		return nil, &submit.Error{Status: http.StatusTooManyRequests, Code: submit.CodeQuotaExceeded, RetryAfter: uploadRetry,
			Message: "too many uploads of this tenant at once (DOCKET_INGEST_MAX_TENANT_UPLOADS)"}
	case u.running >= u.total:
		return nil, &submit.Error{Status: http.StatusServiceUnavailable, Code: submit.CodeUnavailable, RetryAfter: uploadRetry,
			Message: "too many uploads at once (DOCKET_INGEST_MAX_UPLOADS)"}
	}
	u.running++
	u.byTenant[tenant]++
	var once sync.Once
	return func() {
		once.Do(func() {
			u.mu.Lock()
			defer u.mu.Unlock()
			u.running--
			if u.byTenant[tenant]--; u.byTenant[tenant] == 0 {
				delete(u.byTenant, tenant)
			}
		})
	}, nil
}
