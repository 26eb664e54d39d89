package ledger_test

import (
	"testing"
	"time"

	"github.com/docket-run/docket/pkg/events"
)

func dumpLedger(t *testing.T, h *harness) {
	for _, r := range h.kafka.ReadCommitted(t, events.TopicLedger, 1000, 2*time.Second) {
		e, _ := h.codec.Decode(r.Value)
		lr := e.(*events.LedgerRecord)
		t.Logf("p=%d off=%d seq=%d wf=%s cause=%s pid=%d epoch=%d ts=%s", r.Partition, r.Offset, lr.Sequence, lr.WorkflowID, lr.Meta.CausationID, r.ProducerID, r.ProducerEpoch, r.Timestamp.Format("05.000"))
	}
}
