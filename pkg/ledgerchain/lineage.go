package ledgerchain

import (
	"bytes"
	"fmt"

	"github.com/docket-run/docket/pkg/events"
)

// Ref names one record of a workflow's lineage.
type Ref struct {
	Kind     string
	Sequence int64
	Offset   int64
	Hash     []byte
	EventID  string
}

// Lineage is a workflow's records in chain order, as the package
// documentation defines them. The zero value is a workflow with no record.
type Lineage struct {
	Records []Ref
	// current is the index in Records of the workflow's current record
	// (its disposition or last correction), -1 when it has none.
	current int
	erased  bool
}

// Current returns the workflow's current record: its disposition or last
// correction, unless a reversal undid it.
func (l *Lineage) Current() (Ref, bool) {
	if len(l.Records) == 0 || l.current < 0 {
		return Ref{}, false
	}
	return l.Records[l.current], true
}

// Last returns the workflow's last record.
func (l *Lineage) Last() (Ref, bool) {
	if len(l.Records) == 0 {
		return Ref{}, false
	}
	return l.Records[len(l.Records)-1], true
}

// Erased reports whether the workflow has an erasure record.
func (l *Lineage) Erased() bool { return l.erased }

// Has reports whether the lineage holds the record with this event id.
func (l *Lineage) Has(eventID string) bool {
	for _, r := range l.Records {
		if r.EventID == eventID {
			return true
		}
	}
	return false
}

// Net returns the workflow's net dispositions: dispositions and
// corrections minus reversals (0 or 1 in a sound lineage).
func (l *Lineage) Net() int {
	n := 0
	for _, r := range l.Records {
		switch r.Kind {
		case KindDisposition, KindCorrection:
			n++
		case KindReversal:
			n--
		}
	}
	return n
}

// Check returns what is wrong with r as the next record of the lineage, or
// an empty Kind. A lineage that starts after a checkpoint (the verifier
// resumed there) may miss the records r refers to: a record that refers to
// one the lineage does not hold is accepted when the lineage is empty.
func (l *Lineage) Check(r *events.LedgerRecord) (Kind, string) {
	kind := KindOf(r)
	if l.erased {
		return BadLineage, fmt.Sprintf("a %s after the workflow's erasure", kind)
	}
	refers := func(want Ref, what string) (Kind, string) {
		if !bytes.Equal(r.RefersTo, want.Hash) || r.RefersToSequence != want.Sequence {
			return BadLineage, fmt.Sprintf("%s refers to sequence %d (%x), %s is sequence %d (%x)", kind, r.RefersToSequence, short(r.RefersTo), what, want.Sequence, short(want.Hash))
		}
		return "", ""
	}
	unknown := len(l.Records) == 0 // resumed past the workflow's records, or a first record
	switch kind {
	case KindDisposition:
		for _, x := range l.Records {
			if x.Kind == KindDisposition || x.Kind == KindCorrection {
				return DuplicateWorkflow, fmt.Sprintf("workflow already recorded at sequence %d offset %d", x.Sequence, x.Offset)
			}
		}
		if len(r.RefersTo) > 0 || r.RefersToSequence != 0 {
			return BadLineage, "a disposition refers to another record"
		}
	case KindReversal:
		cur, ok := l.Current()
		if !ok {
			if unknown {
				return "", ""
			}
			return BadLineage, "a reversal of a workflow with no current record"
		}
		return refers(cur, "its current record")
	case KindCorrection:
		last, ok := l.Last()
		if !ok {
			return "", ""
		}
		if last.Kind != KindReversal {
			return BadLineage, fmt.Sprintf("a correction that does not follow a reversal (the workflow's last record is a %s)", last.Kind)
		}
		return refers(last, "the reversal before it")
	case KindErasure:
		last, ok := l.Last()
		if !ok {
			if len(r.RefersTo) > 0 && !unknown {
				return BadLineage, "an erasure refers to a record of a workflow with none"
			}
			return "", ""
		}
		return refers(last, "the workflow's last record")
	default:
		return BadLineage, fmt.Sprintf("unknown record kind %q", kind)
	}
	return "", ""
}

// Add appends r, read at offset, to the lineage; Check it first.
func (l *Lineage) Add(r *events.LedgerRecord, offset int64) {
	l.Push(RefOf(r, offset))
}

// RefOf returns r, read at offset, as a link of its lineage.
func RefOf(r *events.LedgerRecord, offset int64) Ref {
	return Ref{Kind: KindOf(r), Sequence: r.Sequence, Offset: offset, Hash: r.Hash, EventID: r.Meta.EventID}
}

// Push appends ref to the lineage, unchecked: for a lineage rebuilt from
// records verified before.
func (l *Lineage) Push(ref Ref) {
	if len(l.Records) == 0 {
		l.current = -1
	}
	l.Records = append(l.Records, ref)
	switch ref.Kind {
	case KindDisposition, KindCorrection:
		l.current = len(l.Records) - 1
	case KindReversal:
		l.current = -1
	case KindErasure:
		l.erased = true
	}
}

func short(h []byte) []byte {
	if len(h) > 6 {
		return h[:6]
	}
	return h
}
