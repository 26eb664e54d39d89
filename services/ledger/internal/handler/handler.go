// Package handler turns a final decision (docket.document.classified,
// docket.review.decided, or a discarded control event on
// docket.workflow.control) into the workflow's disposition in the ledger and
// its docket.document.recorded confirmation; and the control events that
// step back from a disposition into the records that do so, never by
// rewriting one: a correction (correction_requested) into a signed reversal
// and the corrected record, an erasure (erasure_requested) into an erasure
// record, a compensation into a reversal (Reverse).
package handler

import (
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/docket-run/docket/pkg/bus"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/fault"
	"github.com/docket-run/docket/pkg/ledgerchain"
	"github.com/docket-run/docket/services/ledger/internal/chain"
	"github.com/docket-run/docket/services/ledger/internal/index"
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
	Service   string
	Version   string
	Chains    *chain.Chains
	Key       ed25519.PrivateKey
	KeyWindow ledgerchain.PublicKey // Key's public key and validity window
	// Signed, when set, remembers what Key signed for this process's own
	// index follower (ledgerchain.Signed).
	Signed     *ledgerchain.Signed
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
		r.Degraded = degradedOf(in.Flags)
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
		r.Degraded = degradedOf(in.Flags)
	})
}

// Control acts on the control events that are the ledger's business:
// discarded (the workflow's final disposition: outcome discarded, the
// operator as reviewer, the document the control event names in its
// document_* details, empty when the discarded record named none),
// correction_requested and erasure_requested. It ignores the others.
func (h *Handler) Control(ctx context.Context, m *bus.Message, in *events.WorkflowControl) ([]bus.Output, error) {
	switch in.Kind {
	case KindDiscarded:
		return h.discarded(ctx, m, in)
	case events.KindCorrectionRequested:
		return h.correct(ctx, m, in)
	case events.KindErasureRequested:
		return h.erase(ctx, m, in)
	}
	return nil, nil
}

func (h *Handler) discarded(ctx context.Context, m *bus.Message, in *events.WorkflowControl) ([]bus.Output, error) {
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

// correct answers a correction_requested control event: a signed reversal
// of the workflow's current record and the corrected record after it, both
// naming the operator (the event's actor) and the reason, and a corrected
// control event; or a correction_refused one when the workflow has no
// current record (never recorded, reversed, erased) or the correction would
// change nothing. The same request
// handled again appends nothing.
func (h *Handler) correct(ctx context.Context, m *bus.Message, in *events.WorkflowControl) ([]bus.Output, error) {
	wf := in.Meta.WorkflowID
	typ, outcome := in.Details[events.DetailDocumentType], in.Details[events.DetailOutcome]
	actor := actorOf(in)
	var prev index.Entry
	rev, p, err := h.append(ctx, m, &in.Meta, recordID(ledgerchain.KindReversal, wf, in.Meta.EventID), func(r *events.LedgerRecord, hist *chain.History) error {
		switch cur, ok := hist.Lineage.Current(); {
		case typ == "":
			return refusal("the correction names no document type")
		case hist.Lineage.Erased():
			return refusal("the workflow was erased")
		case !ok:
			return refusal("the workflow has no current ledger record: it was never recorded, or its record was reversed")
		default:
			e, indexed := hist.Entries[cur.Sequence]
			if !indexed {
				return fault.Transientf("record %d of workflow %s is not in the ledger index yet", cur.Sequence, wf)
			}
			if e.Decision.DocumentType == typ && (outcome == "" || outcome == e.Decision.Outcome) {
				return refusal(fmt.Sprintf("the workflow is already %s/%s: nothing to correct", e.Decision.DocumentType, e.Decision.Outcome))
			}
			prev = e
			reverse(r, e, cur, in.Reason, actor, in.Meta.OccurredAt)
			return nil
		}
	})
	var refused refusal
	switch {
	case errors.Is(err, chain.ErrRecorded):
		m.Log().InfoContext(ctx, "correction already in the ledger; nothing appended")
		return nil, nil
	case errors.As(err, &refused):
		m.Log().WarnContext(ctx, "correction refused", "reason", string(refused))
		return []bus.Output{{Topic: events.TopicControl, Event: h.control(in, events.KindCorrectionRefused, string(refused), nil)}}, nil
	case err != nil:
		return nil, err
	}
	if outcome == "" {
		outcome = prev.Decision.Outcome
	}
	cor, _, err := h.append(ctx, m, &in.Meta, recordID(ledgerchain.KindCorrection, wf, in.Meta.EventID), func(r *events.LedgerRecord, hist *chain.History) error {
		r.Kind = ledgerchain.KindCorrection
		r.RefersTo, r.RefersToSequence = rev.Hash, rev.Sequence
		r.Reason = in.Reason
		r.Document = prev.Document
		r.Decision = events.Decision{DocumentType: typ, Outcome: outcome}
		r.Flags = prev.Flags
		r.Reviewer = &actor
		r.DecidedAt = in.Meta.OccurredAt
		return nil
	})
	if err != nil {
		return nil, err
	}
	done := h.control(in, events.KindCorrected, in.Reason, map[string]string{
		events.DetailDocumentType: typ, events.DetailOutcome: outcome,
		events.DetailPreviousType: prev.Decision.DocumentType, events.DetailPreviousOutcome: prev.Decision.Outcome,
		events.DetailReversalSequence: strconv.FormatInt(rev.Sequence, 10), events.DetailSequence: strconv.FormatInt(cor.Sequence, 10),
		events.DetailLedgerPartition: strconv.Itoa(int(p)), events.DetailRecordHash: hex.EncodeToString(cor.Hash),
	})
	return []bus.Output{
		{Topic: events.TopicLedger, Event: rev},
		{Topic: events.TopicLedger, Event: cor},
		{Topic: events.TopicControl, Event: done},
	}, nil
}

// reverse fills r as the reversal of cur, whose index entry is e.
func reverse(r *events.LedgerRecord, e index.Entry, cur ledgerchain.Ref, reason, actor string, at time.Time) {
	r.Kind = ledgerchain.KindReversal
	r.RefersTo, r.RefersToSequence = cur.Hash, cur.Sequence
	r.Reason = reason
	r.Document = e.Document
	r.Decision = e.Decision
	r.Flags = e.Flags
	r.Reviewer = &actor
	r.DecidedAt = at
}

// Reverse appends a signed reversal of the current record of the workflow
// in meta, for a compensation: meta is the event that asked for it (its
// event id names the reversal, so asking again appends nothing), reason
// says why. It returns the reversal and its output, or nil and no output
// when the workflow has no current record (nothing to undo) or the
// reversal is in the ledger already.
func (h *Handler) Reverse(ctx context.Context, m *bus.Message, meta *events.Meta, actor, reason string) (*events.LedgerRecord, []bus.Output, error) {
	rec, _, err := h.append(ctx, m, meta, recordID(ledgerchain.KindReversal, meta.WorkflowID, meta.EventID), func(r *events.LedgerRecord, hist *chain.History) error {
		cur, ok := hist.Lineage.Current()
		if !ok || hist.Lineage.Erased() {
			return errNothingToUndo
		}
		e, indexed := hist.Entries[cur.Sequence]
		if !indexed {
			return fault.Transientf("record %d of workflow %s is not in the ledger index yet", cur.Sequence, meta.WorkflowID)
		}
		reverse(r, e, cur, reason, actor, meta.OccurredAt)
		return nil
	})
	switch {
	case errors.Is(err, chain.ErrRecorded), errors.Is(err, errNothingToUndo):
		return nil, nil, nil
	case err != nil:
		return nil, nil, err
	}
	return rec, []bus.Output{{Topic: events.TopicLedger, Event: rec}}, nil
}

var errNothingToUndo = errors.New("nothing to undo")

// erase answers an erasure_requested control event: a signed erasure
// record referring to the workflow's last record (none when it has no
// other), and an erased control event. The record keeps the document's
// content address and hash, which are not content; the decision is empty.
func (h *Handler) erase(ctx context.Context, m *bus.Message, in *events.WorkflowControl) ([]bus.Output, error) {
	wf := in.Meta.WorkflowID
	actor := actorOf(in)
	rec, _, err := h.append(ctx, m, &in.Meta, recordID(ledgerchain.KindErasure, wf, ""), func(r *events.LedgerRecord, hist *chain.History) error {
		r.Kind = ledgerchain.KindErasure
		r.Reason = in.Reason
		r.Reviewer = &actor
		r.DecidedAt = in.Meta.OccurredAt
		r.Document = events.DocumentFromDetails(in.Details)
		last, ok := hist.Lineage.Last()
		if !ok {
			return nil
		}
		r.RefersTo, r.RefersToSequence = last.Hash, last.Sequence
		e, indexed := hist.Entries[last.Sequence]
		if !indexed {
			return fault.Transientf("record %d of workflow %s is not in the ledger index yet", last.Sequence, wf)
		}
		r.Document = e.Document
		return nil
	})
	switch {
	case errors.Is(err, chain.ErrRecorded):
		m.Log().InfoContext(ctx, "erasure already in the ledger; nothing appended")
		return nil, nil
	case err != nil:
		return nil, err
	}
	done := h.control(in, events.KindErased, in.Reason, map[string]string{
		events.DetailSequence: strconv.FormatInt(rec.Sequence, 10), events.DetailRecordHash: hex.EncodeToString(rec.Hash),
	})
	return []bus.Output{{Topic: events.TopicLedger, Event: rec}, {Topic: events.TopicControl, Event: done}}, nil
}

// actorOf is who asked for a control event: its actor, "operator" when
// it names none.
func actorOf(in *events.WorkflowControl) string {
	if in.Actor != nil && *in.Actor != "" {
		return *in.Actor
	}
	return "operator"
}

// control is the ledger's answer of kind to the control event in: the same
// workflow, actor and reason, caused by it.
func (h *Handler) control(in *events.WorkflowControl, kind, reason string, details map[string]string) *events.WorkflowControl {
	if details == nil {
		details = map[string]string{}
	}
	return &events.WorkflowControl{
		Meta: events.Meta{
			EventID:     recordID(kind, in.Meta.WorkflowID, in.Meta.EventID),
			WorkflowID:  in.Meta.WorkflowID,
			TenantID:    in.Meta.TenantID,
			OccurredAt:  h.Now().UTC().Truncate(time.Millisecond),
			CausationID: in.Meta.EventID,
			Producer:    events.Producer{Service: h.Service, Version: h.Version},
		},
		Kind:    kind,
		Reason:  reason,
		Actor:   in.Actor,
		Details: details,
	}
}

// LedgerPartition is the ledger partition the runtime's producer sends a
// record keyed by workflowID to: murmur2 of the key, as Kafka's default
// partitioner and franz-go's default for keyed records compute it.
func LedgerPartition(workflowID string, partitions int) int32 {
	return int32(ledgerPartitioner.Partition(&kgo.Record{Key: []byte(workflowID)}, partitions))
}

// ledgerPartitioner is franz-go's default partitioner for the ledger
// topic, made once: making one seeds a random source for unkeyed records,
// which took a twentieth of the ledger's CPU when it was made for every
// record (the ledger's profile of the 2026-12-04 make bench;
// BenchmarkLedgerPartition). A keyed record is only hashed, which reads
// nothing the partitioner changes, so the record handlers share it.
var ledgerPartitioner = kgo.StickyKeyPartitioner(nil).ForTopic(events.TopicLedger)

func (h *Handler) record(ctx context.Context, m *bus.Message, in *events.Meta, fill func(*events.LedgerRecord)) ([]bus.Output, error) {
	wf := in.WorkflowID
	rec, p, err := h.append(ctx, m, in, recordID("ledger-record", wf, ""), func(r *events.LedgerRecord, hist *chain.History) error {
		if hist.Lineage.Erased() {
			return errErased
		}
		fill(r)
		return nil
	})
	switch {
	case errors.Is(err, chain.ErrRecorded):
		m.Log().InfoContext(ctx, "workflow already in the ledger; nothing appended", "input_topic", m.Record.Topic)
		return nil, nil
	case errors.Is(err, errErased):
		m.Log().WarnContext(ctx, "workflow erased before its decision arrived; nothing appended", "input_topic", m.Record.Topic)
		return nil, nil
	case err != nil:
		return nil, err
	}
	// A workflow's line here too, under its trace (found from outside: a
	// trace followed through ingest, OCR and the classifier had no line
	// of the ledger's).
	m.Log().InfoContext(ctx, "document recorded", "ledger_partition", p, "sequence", rec.Sequence,
		"document_type", rec.Decision.DocumentType, "outcome", rec.Decision.Outcome)
	return []bus.Output{
		{Topic: events.TopicLedger, Event: rec},
		{Topic: events.TopicRecorded, Event: h.recorded(rec, p)},
	}, nil
}

// FlagDegraded is the flag kind the classifier sets on a decision reached
// in a degraded mode (a fallback in place of an unavailable dependency),
// its detail the reason.
const FlagDegraded = "degraded"

// degradedOf is the record's degraded reason: the details of the degraded
// flags, empty when there are none.
func degradedOf(flags []events.Flag) string {
	var reasons []string
	for _, f := range flags {
		if f.Kind == FlagDegraded && !slices.Contains(reasons, f.Detail) {
			reasons = append(reasons, f.Detail)
		}
	}
	return strings.Join(reasons, "; ")
}

// errErased: the workflow's content was erased, so nothing is decided on
// it any more.
var errErased = errors.New("workflow erased")

// refusal is a correction the ledger cannot make, in words.
type refusal string

func (r refusal) Error() string { return string(r) }

// recordID is the event id of a ledger record: what it records (kind, the
// workflow, and the request behind it) names it, so that the same request
// handled again finds its record.
func recordID(kind, wf, request string) string {
	name := kind + "\x00" + wf
	if request != "" {
		name += "\x00" + request
	}
	return uuid.NewSHA1(namespace, []byte(name)).String()
}

// append stages the record with event id id of the workflow in meta: fill
// sets its content from the workflow's history (or refuses it with an
// error, and nothing is staged); append dates, chains, signs and checks it.
// It returns the record and its ledger partition.
func (h *Handler) append(ctx context.Context, m *bus.Message, in *events.Meta, id string, fill func(*events.LedgerRecord, *chain.History) error) (*events.LedgerRecord, int32, error) {
	wf := in.WorkflowID
	if wf == "" {
		return nil, 0, fault.Structuralf("event %s has no workflow id", in.EventID)
	}
	if string(m.Record.Key) != wf {
		return nil, 0, fault.Structuralf("record key %q is not the workflow id %q", m.Record.Key, wf)
	}
	// The chain of ledger partition p is written only by the owner of
	// input partition p: that holds when the record lands where its input
	// came from.
	p := LedgerPartition(wf, h.Partitions)
	if p != m.Record.Partition {
		return nil, 0, fault.Structuralf("workflow %s arrived on %s partition %d but its ledger record goes to partition %d: inputs must be keyed by workflow id with Kafka's default partitioner, and every ledger input topic must have as many partitions as %s",
			wf, m.Record.Topic, m.Record.Partition, p, events.TopicLedger)
	}
	rec, err := h.Chains.Append(ctx, p, wf, id, func(l chain.Link, hist *chain.History) (*events.LedgerRecord, error) {
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
				EventID:     id,
				WorkflowID:  wf,
				TenantID:    in.TenantID,
				OccurredAt:  now,
				CausationID: in.EventID,
				Producer:    events.Producer{Service: h.Service, Version: h.Version},
			},
			WorkflowID: wf,
			Kind:       ledgerchain.KindDisposition,
			Flags:      []events.Flag{},
			RecordedAt: now,
			Sequence:   l.Sequence,
			PrevHash:   l.PrevHash,
		}
		if err := fill(r, hist); err != nil {
			return nil, err
		}
		r.DecidedAt = r.DecidedAt.UTC().Truncate(time.Millisecond)
		if n := len(ledgerchain.Canonical(r)); n > maxRecordBytes {
			return nil, fault.Structuralf("ledger record of workflow %s would be %d bytes, over the %d cap", wf, n, maxRecordBytes)
		}
		h.Signed.Sign(r, h.Key)
		// Encode now, so that a record staged in the chain is a record
		// the runtime can produce.
		if _, err := h.Codec.Encode(events.TopicLedger, r); err != nil {
			return nil, fault.Wrap(fault.Structural, fmt.Errorf("encode ledger record: %w", err))
		}
		return r, nil
	})
	return rec, p, err
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
