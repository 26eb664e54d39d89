// Package handler turns a final decision (docket.document.classified,
// docket.review.decided, or a discarded control event on
// docket.workflow.control) into the workflow's one ledger record and its
// docket.document.recorded confirmation.
package handler

import (
	"context"
	"crypto/ed25519"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/docket-run/docket/pkg/bus"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/fault"
	"github.com/docket-run/docket/pkg/ledgerchain"
	"github.com/docket-run/docket/services/ledger/internal/chain"
)

// Outcome of a decision taken without review.
const OutcomeAccepted = "accepted"

// OutcomeDiscarded is the outcome of a workflow an operator discarded
// through the exception agent, announced by a docket.workflow.control event
// of kind KindDiscarded.
const (
	OutcomeDiscarded = "discarded"
	KindDiscarded    = "discarded"
)

// maxRecordBytes caps the canonical size of one ledger record.
const maxRecordBytes = 256 << 10

// Encoder encodes an event for a topic, as the runtime will.
type Encoder interface {
	Encode(topic string, e events.Event) ([]byte, error)
}

// Handler appends ledger records.
type Handler struct {
	Service    string
	Version    string
	Chains     *chain.Chains
	Key        ed25519.PrivateKey
	KeyWindow  ledgerchain.PublicKey // Key's public key and validity window
	Codec      Encoder
	Partitions int // partitions of the ledger topic
	Now        func() time.Time
}

var namespace = uuid.MustParse("0b6f0d0e-3c3a-4d47-9a57-6f3c2f1e8a41")

// Classified records an automatic decision.
func (h *Handler) Classified(ctx context.Context, m *bus.Message, in *events.DocumentClassified) ([]bus.Output, error) {
	model := in.Model
	return h.record(ctx, m, &in.Meta, func(r *events.LedgerRecord) {
		r.Document = in.Document
		r.Decision = events.Decision{DocumentType: in.DocumentType, Outcome: OutcomeAccepted}
		r.Flags = in.Flags
		r.Model = &model
		r.Confidence = in.Confidence
		r.DecidedAt = in.Meta.OccurredAt
	})
}

// ReviewDecided records a reviewer's decision.
func (h *Handler) ReviewDecided(ctx context.Context, m *bus.Message, in *events.ReviewDecided) ([]bus.Output, error) {
	reviewer := in.Reviewer
	return h.record(ctx, m, &in.Meta, func(r *events.LedgerRecord) {
		r.Document = in.Document
		r.Decision = in.Decision
		r.Flags = in.Flags
		r.Model = in.Model
		r.Confidence = in.Confidence
		r.Reviewer = &reviewer
		r.DecidedAt = in.DecidedAt
	})
}

// Control records the final disposition of a workflow an operator
// discarded: outcome discarded, the operator as reviewer, the document the
// control event names (document_* details; empty when the discarded record
// named none). Other control kinds are not the ledger's business.
func (h *Handler) Control(ctx context.Context, m *bus.Message, in *events.WorkflowControl) ([]bus.Output, error) {
	if in.Kind != KindDiscarded {
		return nil, nil
	}
	return h.record(ctx, m, &in.Meta, func(r *events.LedgerRecord) {
		r.Document = events.DocumentFromDetails(in.Details)
		r.Decision = events.Decision{Outcome: OutcomeDiscarded}
		r.Flags = []events.Flag{}
		if in.Actor != nil {
			actor := *in.Actor
			r.Reviewer = &actor
		}
		r.DecidedAt = in.Meta.OccurredAt
	})
}

// LedgerPartition is the ledger partition the runtime's producer sends a
// record keyed by workflowID to: murmur2 of the key, as Kafka's default
// partitioner and franz-go's default for keyed records compute it.
func LedgerPartition(workflowID string, partitions int) int32 {
	return int32(kgo.StickyKeyPartitioner(nil).ForTopic(events.TopicLedger).Partition(&kgo.Record{Key: []byte(workflowID)}, partitions))
}

func (h *Handler) record(ctx context.Context, m *bus.Message, in *events.Meta, fill func(*events.LedgerRecord)) ([]bus.Output, error) {
	wf := in.WorkflowID
	if wf == "" {
		return nil, fault.Structuralf("event %s has no workflow id", in.EventID)
	}
	if string(m.Record.Key) != wf {
		return nil, fault.Structuralf("record key %q is not the workflow id %q", m.Record.Key, wf)
	}
	// The chain of ledger partition p is written only by the owner of
	// input partition p: that holds when the record lands where its input
	// came from.
	p := LedgerPartition(wf, h.Partitions)
	if p != m.Record.Partition {
		return nil, fault.Structuralf("workflow %s arrived on %s partition %d but its ledger record goes to partition %d: inputs must be keyed by workflow id with Kafka's default partitioner, and every ledger input topic must have as many partitions as %s",
			wf, m.Record.Topic, m.Record.Partition, p, events.TopicLedger)
	}
	rec, err := h.Chains.Append(ctx, p, wf, func(l chain.Link) (*events.LedgerRecord, error) {
		// Never dated before the record before (a replica whose clock is
		// behind the previous owner's): the verifier would reject it.
		now := h.Now().UTC().Truncate(time.Millisecond)
		if now.Before(l.NotBefore) {
			now = l.NotBefore.UTC()
		}
		if !h.KeyWindow.ValidAt(now) {
			// A record signed now would be foreign: wait for a rotation.
			return nil, fault.Transientf("ledger signing key %s is not valid at %s (window %s): rotate it with `docket ledger keys rotate`",
				h.KeyWindow.ID(), now.Format(time.RFC3339), h.KeyWindow.Window())
		}
		r := &events.LedgerRecord{
			Meta: events.Meta{
				EventID:     uuid.NewSHA1(namespace, []byte("ledger-record\x00"+wf)).String(),
				WorkflowID:  wf,
				TenantID:    in.TenantID,
				OccurredAt:  now,
				CausationID: in.EventID,
				Producer:    events.Producer{Service: h.Service, Version: h.Version},
			},
			WorkflowID: wf,
			RecordedAt: now,
			Sequence:   l.Sequence,
			PrevHash:   l.PrevHash,
		}
		fill(r)
		r.DecidedAt = r.DecidedAt.UTC().Truncate(time.Millisecond)
		if n := len(ledgerchain.Canonical(r)); n > maxRecordBytes {
			return nil, fault.Structuralf("ledger record of workflow %s would be %d bytes, over the %d cap", wf, n, maxRecordBytes)
		}
		ledgerchain.Sign(r, h.Key)
		// Encode now, so that a record staged in the chain is a record
		// the runtime can produce.
		if _, err := h.Codec.Encode(events.TopicLedger, r); err != nil {
			return nil, fault.Wrap(fault.Structural, fmt.Errorf("encode ledger record: %w", err))
		}
		if _, err := h.Codec.Encode(events.TopicRecorded, h.recorded(r, p)); err != nil {
			return nil, fault.Wrap(fault.Structural, fmt.Errorf("encode recorded event: %w", err))
		}
		return r, nil
	})
	if errors.Is(err, chain.ErrRecorded) {
		m.Log().InfoContext(ctx, "workflow already in the ledger; nothing appended", "input_topic", m.Record.Topic)
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return []bus.Output{
		{Topic: events.TopicLedger, Event: rec},
		{Topic: events.TopicRecorded, Event: h.recorded(rec, p)},
	}, nil
}

// recorded is the confirmation of r. Its ledger offset is -1: the record
// is produced in the same transaction, so its offset is unknown here; the
// partition and sequence (or the hash) name it, and the index resolves the
// offset.
func (h *Handler) recorded(r *events.LedgerRecord, p int32) *events.DocumentRecorded {
	return &events.DocumentRecorded{
		Meta: events.Meta{
			EventID:     uuid.NewSHA1(namespace, []byte("recorded\x00"+r.WorkflowID)).String(),
			WorkflowID:  r.WorkflowID,
			TenantID:    r.Meta.TenantID,
			OccurredAt:  r.RecordedAt,
			CausationID: r.Meta.CausationID,
			Producer:    r.Meta.Producer,
		},
		LedgerTopic:     events.TopicLedger,
		LedgerPartition: int(p),
		LedgerOffset:    -1,
		RecordHash:      r.Hash,
		Sequence:        r.Sequence,
	}
}
