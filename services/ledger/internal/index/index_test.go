package index_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/docket-run/docket/pkg/dockettest"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/ledgerchain"
	"github.com/docket-run/docket/services/ledger/internal/index"
)

// TestDocumentByWorkflowID: a document recorded by more workflows than a
// lookup returns gives the first hundred by workflow id, in that order,
// on every call (they came in the set's hash order, a different hundred
// from one lookup's truncation to another's).
func TestDocumentByWorkflowID(t *testing.T) {
	ctx := context.Background()
	s := index.New(dockettest.RedisClient(t, dockettest.Redis(t)))
	sha := strings.Repeat("ab", 32)
	var entries []index.Entry
	for _, i := range rand.Perm(150) {
		entries = append(entries, index.Entry{WorkflowID: fmt.Sprintf("wf-%03d", i), Sequence: int64(i), Hash: "00", Document: events.BlobRef{SHA256: sha}, Kind: ledgerchain.KindDisposition})
	}
	if err := s.Put(ctx, 0, entries, nil, index.Checkpoint{Next: 150}); err != nil {
		t.Fatal(err)
	}
	es, err := s.Document(ctx, sha)
	if err != nil {
		t.Fatal(err)
	}
	if len(es) != 100 {
		t.Fatalf("%d entries, want 100", len(es))
	}
	for i, e := range es {
		if want := fmt.Sprintf("wf-%03d", i); e.WorkflowID != want {
			t.Fatalf("entry %d is %s, want %s", i, e.WorkflowID, want)
		}
	}
}
