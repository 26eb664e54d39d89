package ledger_test

import (
	"io"
	"net/http"
	"testing"

	"github.com/docket-run/docket/pkg/dockettest"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/services/ledger"
	"github.com/docket-run/docket/services/ledger/internal/index"
)

const (
	acmeToken   = "acme-ledger-token-0123"
	globexToken = "globex-ledger-token-01"
	opsToken    = "ops-ledger-token-01234"
)

// TestLookupsScopedByTenant (issue 15, finding 3): two tenants submitted
// the same document; looking it up by its hash with a tenant's token shows
// that tenant's record only (decision and reviewer included), another
// tenant's workflow is not found, an operator sees both, and a caller
// without a token nothing.
func TestLookupsScopedByTenant(t *testing.T) {
	h := newHarness(t, 1)
	inst := h.startWith(t, "ledger-tenants", func(c *ledger.Config) {
		c.Tokens = acmeToken + "=tenant:acme," + globexToken + "=tenant:globex," + opsToken + "=operator:ops"
	})
	acme := decided(41)
	globex := decided(42)
	globex.Meta.TenantID, globex.Document, globex.Reviewer = "globex", doc(41), "bob"
	dockettest.Produce(t, h.client, h.codec, events.TopicReviewDecided, acme, globex)
	h.ledgerRecords(t, 2, 0)

	base := "http://" + inst.running.APIAddr + "/v1/ledger/"
	get := func(token, path string) (int, []byte) {
		req, err := http.NewRequest(http.MethodGet, base+path, nil)
		if err != nil {
			t.Fatal(err)
		}
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, b
	}
	var byDoc struct{ Records []index.Entry }
	getJSONAs(t, base+"documents/"+doc(41).SHA256, opsToken, http.StatusOK, &byDoc)
	if len(byDoc.Records) != 2 {
		t.Fatalf("operator: %d records of the document, want 2", len(byDoc.Records))
	}
	for _, c := range []struct {
		token, tenant, workflow, reviewer, other string
	}{
		{acmeToken, "acme", acme.Meta.WorkflowID, "alice", globex.Meta.WorkflowID},
		{globexToken, "globex", globex.Meta.WorkflowID, "bob", acme.Meta.WorkflowID},
	} {
		getJSONAs(t, base+"documents/"+doc(41).SHA256, c.token, http.StatusOK, &byDoc)
		if len(byDoc.Records) != 1 || byDoc.Records[0].TenantID != c.tenant || byDoc.Records[0].WorkflowID != c.workflow ||
			byDoc.Records[0].Reviewer == nil || *byDoc.Records[0].Reviewer != c.reviewer {
			t.Errorf("%s: records of the shared document = %+v, want only its own", c.tenant, byDoc.Records)
		}
		if code, body := get(c.token, "workflows/"+c.other); code != http.StatusNotFound {
			t.Errorf("%s reads the other tenant's workflow: %d %s, want 404", c.tenant, code, body)
		}
		if code, _ := get(c.token, "workflows/"+c.workflow); code != http.StatusOK {
			t.Errorf("%s reads its own workflow: %d, want 200", c.tenant, code)
		}
	}
	if code, _ := get("", "documents/"+doc(41).SHA256); code != http.StatusUnauthorized {
		t.Errorf("no token: %d, want 401", code)
	}
}
