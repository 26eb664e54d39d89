package web

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	trackerv1 "github.com/docket-run/docket/proto/docket/tracker/v1"
)

// recheckAfter spaces the probes of checkBackends while an API is down.
const recheckAfter = 10 * time.Second

// checkBackends makes sure that, when the console signs people in, the
// APIs behind it check credentials too: the console forwards each
// person's token and leaves tenant scope, roles and the audit trail to
// them, so an API that answers without a credential would show a tenant
// every tenant's workflows and let it act on them. Each API is asked
// without a token and must refuse; the answer is kept once every API has
// refused. An API that cannot be reached is no leak (the person's calls
// to it fail too): it is asked again at the next request. A nil error
// means no reachable backend answers without a credential.
func (s *Server) checkBackends(ctx context.Context) error {
	if s.o.Principals == nil || s.backendsChecked.Load() {
		return nil
	}
	// While an API is unreachable, ask again at most every recheckAfter:
	// a request must not wait on probes of an API that is down.
	now := s.o.Now().UnixNano()
	if last := s.backendsProbed.Load(); last != 0 && now-last < int64(recheckAfter) {
		return nil
	}
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	_, err := s.o.Tracker.ListWorkflows(ctx, &trackerv1.ListWorkflowsRequest{PageSize: 1})
	reached := true
	switch status.Code(err) {
	case codes.Unauthenticated, codes.PermissionDenied:
	case codes.OK:
		return fmt.Errorf("the saga tracker answers without a credential: give it the console's principals file (DOCKET_SAGATRACKER_TOKENS_FILE), as every API behind the console")
	default:
		reached = false
	}
	for name, u := range map[string]string{
		"ingest":          s.o.IngestURL + "/v1/workflows/console-probe/document",
		"exception agent": s.o.ExceptionURL + "/v1/parked",
		"ledger":          s.o.LedgerURL + "/v1/ledger/workflows/console-probe",
	} {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
		if err != nil {
			return err
		}
		res, err := s.o.HTTP.Do(req)
		if err != nil {
			reached = false
			continue
		}
		_ = res.Body.Close()
		if res.StatusCode == http.StatusTooManyRequests {
			// Throttled: it refuses callers, and says nothing of whether
			// it asks them for a credential; asked again later (found
			// from outside: ingest's failed-login limit, tripped by
			// another client, locked everyone out of the console with
			// "answers 429 without a credential").
			reached = false
			continue
		}
		if res.StatusCode != http.StatusUnauthorized && res.StatusCode != http.StatusForbidden {
			return fmt.Errorf("the %s answers %d without a credential: give it the console's principals file, as every API behind the console", name, res.StatusCode)
		}
	}
	if !reached {
		// Only an unreachable API is left unasked for a while; one that
		// answered without a credential is asked at every request.
		s.backendsProbed.Store(now)
	}
	s.backendsChecked.Store(reached)
	return nil
}
