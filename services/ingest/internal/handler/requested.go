package handler

import (
	"context"
	"time"

	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/docket-run/docket/pkg/bus"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/fault"
	"github.com/docket-run/docket/pkg/reqsign"
	"github.com/docket-run/docket/services/ingest/internal/store"
	"github.com/docket-run/docket/services/ingest/internal/submit"
)

// UnverifiedTenant is the tenant of a rejection whose request did not
// prove its tenant (unsigned, badly signed, unknown tenant): never a
// tenant's id, which starts with a letter or digit.
const UnverifiedTenant = "-unverified"

// Requests handles docket.document.requested: submissions from producers
// that do not speak HTTP. It validates them as the HTTP API does and
// answers with docket.document.submitted or docket.document.rejected.
type Requests struct {
	Submit *submit.Service
	Store  *store.Store
	// Recorder, when set, records an accepted request's submission before
	// its submitted event is produced: the view does not consume the
	// submitted topic (View.Tracked). Unset, the view learns it from the
	// topic.
	Recorder submit.Recorder
	Now      func() time.Time
}

// Register consumes docket.document.requested.
func (h *Requests) Register(rt *bus.Runtime) {
	bus.Handle(rt, events.TopicRequested, h.handle)
}

func (h *Requests) handle(ctx context.Context, m *bus.Message, in *events.DocumentRequested) ([]bus.Output, error) {
	key := in.IdempotencyKey
	if key == "" {
		key = in.Meta.EventID
	}
	p := submit.Params{Filename: in.Filename, Priority: in.Priority, Labels: in.Labels}
	if in.Deadline != nil {
		p.Deadline = in.Deadline.UTC().Format(time.RFC3339Nano)
	}
	if in.CallbackURL != nil {
		p.CallbackURL = *in.CallbackURL
	}
	ev, err := h.Submit.Stored(ctx, submit.Request{
		Tenant:    in.Meta.TenantID,
		Document:  in.Document,
		Params:    p,
		Key:       key,
		CausedBy:  in.Meta.EventID,
		Signed:    m.Record.Value,
		Signature: signature(m.Record),
	})
	if err == nil {
		if h.Recorder != nil {
			// Before the event commits: a retry of the batch records the
			// same submission again, which changes nothing.
			if err := h.Recorder.RecordSubmitted(ctx, ev); err != nil {
				return nil, err
			}
		}
		return []bus.Output{{Topic: events.TopicSubmitted, Event: ev}}, nil
	}
	serr, ok := submit.AsError(err)
	if !ok || serr.Code == submit.CodeUnavailable {
		// Our infrastructure, not the request: retried by the runtime,
		// then dead-lettered as transient.
		return nil, fault.Wrap(fault.Transient, err)
	}
	// A refused request starts no workflow: its rejection gets an id of its
	// own, so that a conflicting request never touches the workflow that
	// holds its key.
	wf := submit.RejectionID(in.Meta.TenantID, in.Meta.EventID)
	if p.CallbackURL != "" && serr.ReasonCode() != submit.CodeUnauthorized {
		// The rejection ends the workflow; its callback goes out once the
		// view sees the rejected event. The tenant is known, so its secret
		// can sign the callback.
		if _, ok := h.Submit.Tenants().Get(in.Meta.TenantID); ok {
			if _, err := h.Store.Apply(ctx, store.Update{WorkflowID: wf, Static: map[string]string{"callback_url": p.CallbackURL, "tenant_id": in.Meta.TenantID}}, h.Now()); err != nil {
				return nil, err
			}
		}
	}
	m.Log().InfoContext(ctx, "submission request rejected", "reason", serr.ReasonCode(), "error", serr.Message)
	tenant := in.Meta.TenantID
	if serr.ReasonCode() == submit.CodeUnauthorized {
		// Nothing proved the request is the tenant's: its rejection is
		// nobody's, or anyone allowed to write the topic could fill a
		// tenant's views with failed workflows.
		tenant = UnverifiedTenant
	}
	rej := &events.DocumentRejected{
		Meta:       events.Meta{WorkflowID: wf, TenantID: tenant},
		ReasonCode: serr.ReasonCode(),
		Message:    serr.Message,
	}
	if in.IdempotencyKey != "" {
		k := in.IdempotencyKey
		rej.IdempotencyKey = &k
	}
	return []bus.Output{{Topic: events.TopicRejected, Event: rej}}, nil
}

// signature returns the record's request signature: its last
// reqsign.HeaderName header, as Kafka clients read a repeated header.
func signature(r *kgo.Record) string {
	for i := len(r.Headers) - 1; i >= 0; i-- {
		if r.Headers[i].Key == reqsign.HeaderName {
			return string(r.Headers[i].Value)
		}
	}
	return ""
}
