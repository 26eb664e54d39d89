package app

import (
	"context"
	"testing"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/docket-run/docket/pkg/dockettest"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/trackerclient"
	trackerv1 "github.com/docket-run/docket/proto/docket/tracker/v1"
	"github.com/docket-run/docket/services/sagatracker/internal/clock"
	"github.com/docket-run/docket/services/sagatracker/internal/config"
)

const (
	aliceToken = "alice-reviewer-token-0123"
	bobToken   = "bob-reviewer-token-01234"
	carolToken = "carol-beta-reviewer-token"
)

// TestReviewerIsTheCredential (issue 15, finding 4, the tracker's half):
// the reviewer of a claim and a decision is the principal of the caller's
// token, whatever the request types; deciding as alice from bob's token is
// refused; a reviewer scoped to another tenant does not see the task; the
// decision event (which the ledger records) names alice; every claim,
// decision and cancel is an audit event naming the principal.
func TestReviewerIsTheCredential(t *testing.T) {
	e := newEnv(t)
	tokens := dockettest.SecretFile(t, "tokens.json", `{"principals": [
		{"name": "alice", "role": "reviewer", "tokens": ["`+aliceToken+`"]},
		{"name": "bob", "role": "reviewer", "tokens": ["`+bobToken+`"]},
		{"name": "carol", "role": "reviewer", "tenant": "beta", "tokens": ["`+carolToken+`"]},
		{"name": "ops", "role": "operator", "tokens": ["`+operatorToken+`"]}
	]}`)
	tr := e.startWith(func(c *config.Config) { c.TokensFile = tokens }, clock.NewManual(at(60)))
	const wf = "wf-identity"
	e.step(events.TopicSubmitted, submitted(wf, 0), 1)
	e.step(events.TopicReviewRequested, reviewRequested(wf, 10), 2)
	task := wf + "-review-requested"
	ops := tr.operations(t)
	alice, bob, carol, op := bearer(aliceToken), bearer(bobToken), bearer(carolToken), bearer(operatorToken)

	_, err := ops.ClaimReviewTask(carol, &trackerv1.ClaimReviewTaskRequest{TaskId: task})
	wantCode(t, "another tenant's reviewer claims", err, codes.NotFound)
	_, err = ops.ClaimReviewTask(bob, &trackerv1.ClaimReviewTaskRequest{TaskId: task, Reviewer: "alice"})
	wantCode(t, "bob claims as alice", err, codes.PermissionDenied)
	claimed, err := ops.ClaimReviewTask(alice, &trackerv1.ClaimReviewTaskRequest{TaskId: task})
	if err != nil || claimed.GetClaimedBy() != "alice" {
		t.Fatalf("alice claims = %v, %v; want claimed by alice", claimed, err)
	}
	decide := &trackerv1.DecideReviewTaskRequest{TaskId: task, Reviewer: "alice", Outcome: "approved", DocumentType: "contract", Reason: "ok"}
	_, err = ops.DecideReviewTask(bob, decide)
	wantCode(t, "bob decides as alice", err, codes.PermissionDenied)
	decide.Reviewer = ""
	_, err = ops.DecideReviewTask(bob, decide)
	wantCode(t, "bob decides alice's task", err, codes.FailedPrecondition)
	resp, err := ops.DecideReviewTask(alice, decide)
	if err != nil {
		t.Fatalf("alice decides: %v", err)
	}
	recs := e.kafka.ReadCommitted(t, events.TopicReviewDecided, 1, 10*time.Second)
	if len(recs) != 1 {
		t.Fatalf("%d review.decided records, want 1", len(recs))
	}
	ev, err := e.codec.Decode(recs[0].Value)
	if err != nil {
		t.Fatal(err)
	}
	if d := ev.(*events.ReviewDecided); d.Reviewer != "alice" || d.Meta.EventID != resp.GetEventId() {
		t.Fatalf("decided event reviewer %q (event %s), want alice", d.Reviewer, d.Meta.EventID)
	}

	_, err = ops.CancelWorkflow(bob, &trackerv1.CancelWorkflowRequest{WorkflowId: wf})
	wantCode(t, "a reviewer cancels", err, codes.PermissionDenied)
	_, err = ops.CancelWorkflow(op, &trackerv1.CancelWorkflowRequest{WorkflowId: wf, Actor: "jane.doe@compliance"})
	wantCode(t, "ops cancels as jane.doe@compliance", err, codes.PermissionDenied)
	if _, err := ops.CancelWorkflow(op, &trackerv1.CancelWorkflowRequest{WorkflowId: wf, Reason: "test"}); err != nil {
		t.Fatalf("ops cancels: %v", err)
	}

	audits := e.kafka.ReadCommitted(t, events.TopicAudit, 3, 10*time.Second)
	var got []string
	for _, r := range audits {
		ev, err := e.codec.Decode(r.Value)
		if err != nil {
			t.Fatal(err)
		}
		a := ev.(*events.AuditEvent)
		if a.AuthenticatedBy != "token" || a.RemoteAddr == "" || a.Meta.WorkflowID != wf || string(r.Key) != wf {
			t.Errorf("audit event %+v", a)
		}
		got = append(got, a.Action+" by "+a.Principal+" ("+a.Role+") on "+a.Target)
	}
	want := []string{
		"review.claim by alice (reviewer) on " + task,
		"review.decide by alice (reviewer) on " + task,
		"workflow.cancel by ops (operator) on " + wf,
	}
	if len(got) != len(want) || got[0] != want[0] || got[1] != want[1] || got[2] != want[2] {
		t.Fatalf("audit log:\n got %q\nwant %q", got, want)
	}
}

// TestMutualTLSNamesTheCaller: with mutual TLS the tracker names a caller
// by its client certificate (the tokens file's subjects), through the
// shared tracker client (pkg/trackerclient); a client without a
// certificate is refused at the handshake.
func TestMutualTLSNamesTheCaller(t *testing.T) {
	e := newEnv(t)
	pki := dockettest.NewPKI(t)
	certFile, keyFile := pki.Server("tracker")
	tokens := dockettest.SecretFile(t, "tokens.json", `{"principals": [{"name": "dana", "role": "reviewer", "subjects": ["dana.reviewers"]}]}`)
	tr := e.startWith(func(c *config.Config) {
		c.TLSCert, c.TLSKey, c.TLSClientCA, c.TokensFile = certFile, keyFile, pki.CAFile, tokens
	}, clock.NewManual(at(60)))
	const wf = "wf-mtls"
	e.step(events.TopicSubmitted, submitted(wf, 0), 1)
	e.step(events.TopicReviewRequested, reviewRequested(wf, 10), 2)

	danaCert, danaKey := pki.Client("dana.reviewers")
	cc, err := trackerclient.Dial(trackerclient.Config{Addr: tr.addr, CAFile: pki.CAFile, CertFile: danaCert, KeyFile: danaKey, ServerName: "localhost"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cc.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	claimed, err := trackerv1.NewOperationsClient(cc).ClaimReviewTask(ctx, &trackerv1.ClaimReviewTaskRequest{TaskId: wf + "-review-requested"})
	if err != nil || claimed.GetClaimedBy() != "dana" {
		t.Fatalf("claim over mutual TLS = %v, %v; want claimed by dana", claimed, err)
	}

	anon, err := trackerclient.Dial(trackerclient.Config{Addr: tr.addr, CAFile: pki.CAFile, ServerName: "localhost"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer anon.Close()
	if _, err := trackerv1.NewTrackerClient(anon).GetWorkflow(ctx, &trackerv1.GetWorkflowRequest{Id: wf}); status.Code(err) != codes.Unavailable {
		t.Fatalf("a client without a certificate: %v, want Unavailable (handshake refused)", err)
	}
}
