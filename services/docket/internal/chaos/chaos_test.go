package chaos

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/twmb/franz-go/pkg/kgo"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"

	"github.com/docket-run/docket/pkg/dockettest"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/ledgerchain"
	trackerv1 "github.com/docket-run/docket/proto/docket/tracker/v1"
)

// TestChaos is the failure suite. CHAOS_WORKFLOWS (default 200) documents
// go through the six services, run as separate processes, while the suite
// SIGKILLs and restarts them CHAOS_KILLS times (default 6, at least once
// each) plus a rebalance storm, injects broker faults, restarts Redis and
// feeds repeats, raw duplicate records, poison records and invalid
// requests. Then every accepted workflow must be completed, waiting for
// review or parked, as its document calls for, with exactly one ledger
// record per completed workflow and a ledger that verifies. make chaos runs
// it with 1,000 workflows and 24 kills; its last line is the summary.
func TestChaos(t *testing.T) {
	if testing.Short() {
		t.Skip("the chaos suite runs the services as processes; skipped with -short")
	}
	for _, bin := range []string{"tesseract", "pdftoppm", "pdftotext"} {
		if _, err := exec.LookPath(bin); err != nil {
			t.Fatalf("%s not found on PATH: apt-get install tesseract-ocr tesseract-ocr-eng poppler-utils", bin)
		}
	}
	brokers := dockettest.Brokers()
	if b := os.Getenv("CHAOS_BROKER"); b != "" {
		brokers = []dockettest.Broker{dockettest.Broker(b)}
	}
	for _, b := range brokers {
		t.Run(string(b), func(t *testing.T) { chaos(t, b) })
	}
}

// chaos runs the suite on broker b: kfake with its request-level faults,
// or a real cluster of its own with real broker failures (60 workflows by
// default there: each failure waits for the cluster to be whole again).
func chaos(t *testing.T, broker dockettest.Broker) {
	defWorkflows := 200
	if broker == dockettest.ApacheKafka {
		defWorkflows = 60
	}
	n, kills := envInt(t, "CHAOS_WORKFLOWS", defWorkflows), envInt(t, "CHAOS_KILLS", 6)
	var summary atomic.Pointer[string]
	t.Cleanup(func() { // runs last: the summary is the last line printed
		if s := summary.Load(); s != nil {
			fmt.Println(*s)
		}
	})
	began := time.Now()
	// Generous bounds: on two shared cores the pipeline settles about two
	// documents a second.
	settleTimeout := 3*time.Minute + time.Duration(n)*time.Second
	if broker == dockettest.ApacheKafka {
		// Each broker failure waits until every partition is fully
		// replicated again (the rolling restart three times).
		settleTimeout += 10 * time.Minute
	}
	ctx, cancel := context.WithTimeout(context.Background(), settleTimeout+6*time.Minute)
	defer cancel()

	st := newStack(ctx, t, broker)
	var b faults
	var real *realFaults
	if broker == dockettest.ApacheKafka {
		real = newRealFaults(st.kafka.Real, t.Logf)
		b = real
	} else {
		b = newBroker(st.kafka.Cluster)
	}
	superCtx, stopSupervising := context.WithCancel(ctx)
	defer stopSupervising()
	go st.supervise(superCtx)
	obs := newObserver(st)
	go obs.follow(ctx)
	<-obs.ready
	poisoned := poison(t, st)

	subs := load(t, n)
	var posted atomic.Int64
	chaosDone := make(chan struct{})
	chaosCtx, stopChaos := context.WithCancel(ctx)
	defer stopChaos()
	go func() {
		defer close(chaosDone)
		steps := plan(chaosCtx, st, b, kills, t.Logf)
		perform(chaosCtx, steps,
			func() float64 { return float64(posted.Load()) / float64(len(subs)) },
			func() float64 { return float64(obs.settledDocuments()) / float64(n) },
			700*time.Millisecond, t.Logf)
	}()
	acc := submit(ctx, st.ingestURL, subs, func(done int) { posted.Store(int64(done)) })
	t.Logf("posted %d requests in %s: %d workflows accepted, %d repeats answered with their workflow, rejected %v",
		acc.posts, time.Since(began).Round(time.Second), len(acc.kinds), acc.repeats, acc.rejected)
	for _, e := range acc.errs {
		t.Error(e)
	}

	// Wait until the topics show every workflow settled and the chaos
	// plan has run, then until the tracker agrees.
	deadline, report := began.Add(settleTimeout), time.Now()
	for time.Now().Before(deadline) {
		settled := obs.settled(acc.kinds)
		select {
		case <-chaosDone:
			if parked, err := poisonParked(ctx, st, poisoned); settled == len(acc.kinds) && err == nil && parked == len(poisoned) {
				deadline = time.Now()
			}
		default:
		}
		if time.Since(report) > 30*time.Second {
			t.Logf("%s: %d of %d workflows settled", time.Since(began).Round(time.Second), settled, len(acc.kinds))
			report = time.Now()
		}
		time.Sleep(250 * time.Millisecond)
	}
	stopChaos()
	<-chaosDone
	b.removeAll()
	parkedPoison, err := poisonParked(ctx, st, poisoned)
	if err != nil {
		t.Errorf("poison records parked: %v", err)
	}
	t.Logf("%s: %d of %d workflows settled on the topics, %d of %d poison records parked", time.Since(began).Round(time.Second),
		obs.settled(acc.kinds), len(acc.kinds), parkedPoison, len(poisoned))
	tracker := dialTracker(t, st.trackerAddr)
	topicState := func(id string) string { return obs.state(id).settledState() }
	final := waitTracker(ctx, t, tracker, acc.kinds, topicState, time.Now().Add(2*time.Minute))
	// Parked items of a recorded workflow are settled by the exception
	// agent shortly after the ledger records it.
	leftBehind := obs.leftBehind(acc.kinds)
	for end := time.Now().Add(time.Minute); len(leftBehind) > 0 && time.Now().Before(end); leftBehind = obs.leftBehind(acc.kinds) {
		time.Sleep(time.Second)
	}
	stopSupervising()
	st.stopAll()

	// Read the ledger and verify it.
	ledger := ledgerRecords(t, st)
	keys, err := ledgerchain.LoadPublicKeys(st.publicKey)
	if err != nil {
		t.Fatalf("ledger public key: %v", err)
	}
	verify := "ok"
	rep, err := ledgerchain.VerifyTopic(ctx, []kgo.Opt{kgo.SeedBrokers(st.kafka.Addrs...)}, st.codec, keys)
	if err != nil {
		verify = "fail"
		t.Errorf("ledger verify: %v", err)
	}

	// Account for every accepted workflow: its state is what the topics,
	// read committed, say; the tracker must say the same.
	counts := map[string]int{}
	var lost, wrong, doubled, disagree []string
	ids := make([]string, 0, len(acc.kinds))
	for id := range acc.kinds {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	describe := func(id string) string {
		s := obs.state(id)
		return fmt.Sprintf("%s (%s): topics %s, last event %s; tracker %s; ledger records %d%s", id, acc.names[id], orNone(s.settledState()), s.last, final[id], ledger[id], orNone2(s.deadLetter))
	}
	for _, id := range ids {
		state := topicState(id)
		switch {
		case state == "":
			lost = append(lost, describe(id)+": not settled")
			counts["lost"]++
			continue
		case state == "completed" && ledger[id] == 0:
			lost = append(lost, describe(id)+": completed without its ledger record")
			counts["lost"]++
			continue
		case state == "timed_out":
			counts["failed"]++
		default:
			counts[state]++
		}
		if !agrees(state, final[id]) {
			disagree = append(disagree, describe(id))
		}
		want := []string{"parked"}
		if acc.kinds[id] == kindCorrupt && decides(id) {
			want = []string{"completed"} // the reviewer decided its review
		}
		if acc.kinds[id] == kindDocument {
			want = []string{"completed"}
			if !decides(id) {
				want = append(want, "review")
			}
		}
		if !slices.Contains(want, state) {
			wrong = append(wrong, describe(id)+fmt.Sprintf(": want %s", strings.Join(want, " or ")))
		}
	}
	duplicates := 0
	for id, c := range ledger {
		_, known := acc.kinds[id]
		switch {
		case !known:
			duplicates += c
			doubled = append(doubled, fmt.Sprintf("%s: %d ledger records for a workflow no submission was answered with", id, c))
		case c > 1:
			duplicates += c - 1
			doubled = append(doubled, describe(id))
		}
	}
	if parkedPoison != len(poisoned) {
		t.Errorf("%d of %d poison records parked as poison", parkedPoison, len(poisoned))
	}
	for _, id := range poisoned {
		if s := obs.state(id); s.parked {
			t.Errorf("poison record %s: a workflow of its key was told it is parked", id)
		}
	}
	faults := b.counts()
	kinds := st.kills()
	t.Logf("requests: %d posted; %d workflows accepted (HTTP 202, counted as submitted); %d repeats with the same Idempotency-Key answered with the same workflow; %d rejected with 4xx (not submitted: %v)",
		acc.posts, len(acc.kinds), acc.repeats, total(acc.rejected), acc.rejected)
	t.Logf("duplicates fed: %d raw copies of records, %d review decisions; poison records: %d (%d parked); undecodable records seen: %v; parked items settled after their workflow was recorded: %d",
		obs.rawDuplicates.Load(), obs.decisions.Load(), len(poisoned), parkedPoison, obs.undecodableCounts(), obs.settledCount())
	t.Logf("kills by service: %s; exits the suite did not cause: %v; broker faults: %s; redis restarts: 1",
		format(kinds), st.crashes(), format(faults))
	t.Logf("ledger: %d records, %d partitions; wall time %s", rep.Records, rep.Partitions, time.Since(began).Round(time.Second))
	for _, s := range lost {
		t.Errorf("lost: %s", s)
	}
	for _, s := range doubled {
		t.Errorf("duplicate: %s", s)
	}
	for _, s := range wrong {
		t.Errorf("wrong outcome: %s", s)
	}
	for _, s := range disagree {
		t.Errorf("tracker disagrees with the topics: %s", s)
	}
	for _, s := range leftBehind {
		t.Errorf("not settled: %s", s)
	}
	for _, e := range obs.errors() {
		t.Error(e)
	}
	for svc := range strings.SplitSeq(strings.Join(services, " "), " ") {
		if kinds[svc] == 0 {
			t.Errorf("%s was never killed", svc)
		}
	}
	if total(kinds) < kills {
		t.Errorf("%d kills, want at least %d", total(kinds), kills)
	}
	if real != nil {
		line := fmt.Sprintf("chaos: broker=kafka submitted=%d lost=%d duplicates=%d verify=%s kills=%d broker_kills=%d",
			len(acc.kinds), counts["lost"], duplicates, verify, total(kinds), real.brokerKills())
		summary.Store(&line)
		if counts["lost"] > 0 || duplicates > 0 || verify != "ok" || real.brokerKills() < 5 || len(faults) != 6 {
			t.Errorf("%s (faults %s): want lost=0 duplicates=0 verify=ok, broker_kills>=5 and all six kinds of broker failure", line, format(faults))
		}
		return
	}
	if total(faults) == 0 {
		t.Error("no broker fault was injected")
	}
	line := fmt.Sprintf("chaos: submitted=%d completed=%d review=%d parked=%d failed=%d lost=%d duplicates=%d verify=%s kills=%d faults=%d",
		len(acc.kinds), counts["completed"], counts["review"], counts["parked"], counts["failed"], counts["lost"], duplicates, verify, total(kinds), total(faults))
	summary.Store(&line)
	if counts["lost"] > 0 || duplicates > 0 || verify != "ok" {
		t.Errorf("%s: want lost=0 duplicates=0 verify=ok", line)
	}
}

func envInt(t *testing.T, name string, def int) int {
	t.Helper()
	v := os.Getenv(name)
	if v == "" {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 {
		t.Fatalf("%s=%q: want a positive number", name, v)
	}
	return n
}

// agrees reports whether the tracker's state of a workflow matches the
// topics' one. A parked failure the exception agent put in front of a
// human shows as waiting for review.
func agrees(topics, tracker string) bool {
	switch topics {
	case "parked":
		return tracker == "parked" || tracker == "review"
	case "timed_out":
		return tracker == "failed"
	}
	return topics == tracker
}

func orNone(s string) string {
	if s == "" {
		return "not settled"
	}
	return s
}

func orNone2(s string) string {
	if s == "" {
		return ""
	}
	return "; dead letter " + s
}

// poison writes records no consumer can decode onto the topics the agents
// consume: bytes that are not the wire format, and a schema id the
// registry does not know. Each must end parked by the exception agent as a
// poison record of no workflow: its key proves nothing, so no workflow of
// that id is told of it.
func poison(t *testing.T, st *stack) []string {
	t.Helper()
	cl := st.client()
	var recs []*kgo.Record
	var ids []string
	for i, topic := range []string{events.TopicSubmitted, events.TopicExtracted, events.TopicClassified, events.TopicReviewDecided} {
		for j, v := range [][]byte{
			[]byte("\xff\xfethis is not an event"),
			append([]byte{0, 0x7f, 0xff, 0xff, byte(i)}, "unknown schema id"...),
		} {
			id := fmt.Sprintf("poison-%d-%d", i, j)
			ids = append(ids, id)
			recs = append(recs, &kgo.Record{Topic: topic, Key: []byte(id), Value: v})
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if err := cl.ProduceSync(ctx, recs...).FirstErr(); err != nil {
		t.Fatalf("produce poison records: %v", err)
	}
	return ids
}

// poisonParked counts the records of ids (their keys) that the exception
// agent parked as poison, asking its operators' API.
func poisonParked(ctx context.Context, st *stack, ids []string) (int, error) {
	var list struct {
		Items []struct{ ID, Kind string }
	}
	if err := getJSON(ctx, "http://"+st.exceptionAddr+"/v1/parked?limit=1000", &list); err != nil {
		return 0, err
	}
	want := map[string]bool{}
	for _, id := range ids {
		want[id] = true
	}
	n := 0
	for _, it := range list.Items {
		if it.Kind != "poison" {
			continue
		}
		var d struct {
			Workflow string `json:"workflow_id"`
			Envelope struct {
				OriginalKey []byte `json:"original_key"`
			}
		}
		if err := getJSON(ctx, "http://"+st.exceptionAddr+"/v1/parked/"+url.PathEscape(it.ID), &d); err != nil {
			return 0, err
		}
		if key := string(d.Envelope.OriginalKey); want[key] && d.Workflow == "" {
			delete(want, key)
			n++
		}
	}
	return n, nil
}

func getJSON(ctx context.Context, u string, out any) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return fmt.Errorf("GET %s: %w", u, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("GET %s: %s", u, resp.Status)
	}
	if err := json.NewDecoder(resp.Body).Decode(out); err != nil {
		return fmt.Errorf("GET %s: decode: %w", u, err)
	}
	return nil
}

func dialTracker(t *testing.T, addr string) trackerv1.TrackerClient {
	t.Helper()
	conn, err := grpc.NewClient(addr, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatalf("dial tracker: %v", err)
	}
	t.Cleanup(func() { _ = conn.Close() })
	return trackerv1.NewTrackerClient(conn)
}

// settledStatus maps a tracker status to the summary's states; "" for a
// workflow still moving (queued, running, retrying).
func settledStatus(s trackerv1.Status) string {
	switch s {
	case trackerv1.Status_STATUS_COMPLETED:
		return "completed"
	case trackerv1.Status_STATUS_WAITING_REVIEW:
		return "review"
	case trackerv1.Status_STATUS_PARKED:
		return "parked"
	case trackerv1.Status_STATUS_FAILED, trackerv1.Status_STATUS_CANCELED, trackerv1.Status_STATUS_TIMED_OUT:
		return "failed"
	}
	return ""
}

// waitTracker lists every workflow from the tracker until each of ids is
// settled there as the topics say, or until deadline, and returns each one's status: a
// settled state, or the tracker's status of a workflow still moving, or
// "not found".
func waitTracker(ctx context.Context, t *testing.T, tc trackerv1.TrackerClient, ids map[string]kind, topics func(string) string, deadline time.Time) map[string]string {
	t.Helper()
	out := map[string]string{}
	for {
		got, err := listAll(ctx, tc)
		if err != nil {
			t.Logf("tracker: %v", err)
		}
		clear(out)
		moving := 0
		for id := range ids {
			w, ok := got[id]
			switch {
			case !ok:
				out[id] = "not found"
				moving++
			case settledStatus(w.GetStatus()) == "":
				out[id] = strings.ToLower(strings.TrimPrefix(w.GetStatus().String(), "STATUS_")) + " at " + w.GetStage()
				moving++
			default:
				out[id] = settledStatus(w.GetStatus())
				if !agrees(topics(id), out[id]) {
					moving++
				}
			}
		}
		if moving == 0 || ctx.Err() != nil {
			return out
		}
		if time.Now().After(deadline) {
			getDisagreeing(ctx, tc, out, topics)
			return out
		}
		time.Sleep(time.Second)
	}
}

// getDisagreeing reads each workflow the tracker's list shows in another
// state than the topics one by one, and notes what GetWorkflow answers.
func getDisagreeing(ctx context.Context, tc trackerv1.TrackerClient, out map[string]string, topics func(string) string) {
	for id, listed := range out {
		if agrees(topics(id), listed) {
			continue
		}
		cctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		w, err := tc.GetWorkflow(cctx, &trackerv1.GetWorkflowRequest{Id: id})
		cancel()
		got := "error " + fmt.Sprint(err)
		if err == nil {
			got = strings.ToLower(strings.TrimPrefix(w.GetStatus().String(), "STATUS_")) + " at " + w.GetStage() + fmt.Sprintf(", %d events", w.GetEvents())
		}
		out[id] = fmt.Sprintf("listed %s, get %s", listed, got)
	}
}

func listAll(ctx context.Context, tc trackerv1.TrackerClient) (map[string]*trackerv1.Workflow, error) {
	out := map[string]*trackerv1.Workflow{}
	token := ""
	for {
		cctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		resp, err := tc.ListWorkflows(cctx, &trackerv1.ListWorkflowsRequest{PageSize: 500, PageToken: token})
		cancel()
		if err != nil {
			return out, fmt.Errorf("list workflows: %w", err)
		}
		for _, w := range resp.GetWorkflows() {
			out[w.GetId()] = w
		}
		if token = resp.GetNextPageToken(); token == "" {
			return out, nil
		}
	}
}

// ledgerRecords counts the records of docket.ledger per workflow, read
// committed.
func ledgerRecords(t *testing.T, st *stack) map[string]int {
	t.Helper()
	cl := st.client(kgo.ConsumeTopics(events.TopicLedger), kgo.ConsumeResetOffset(kgo.NewOffset().AtStart()), kgo.FetchIsolationLevel(kgo.ReadCommitted()))
	counts := map[string]int{}
	// Done after 15s without a record: one empty poll is not the end on a
	// real cluster that has just had its brokers restarted (a first run
	// read nothing in 3s and counted every recorded workflow lost).
	for idle := time.Duration(0); idle < 15*time.Second; {
		ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
		fs := cl.PollFetches(ctx)
		cancel()
		if len(fs.Records()) == 0 {
			idle += 3 * time.Second
			continue
		}
		idle = 0
		for _, r := range fs.Records() {
			e, err := st.codec.Decode(r.Value)
			if err != nil {
				t.Errorf("decode ledger record at %d/%d: %v", r.Partition, r.Offset, err)
				continue
			}
			lr, ok := e.(*events.LedgerRecord)
			if !ok {
				t.Errorf("ledger record at %d/%d is a %T", r.Partition, r.Offset, e)
				continue
			}
			counts[lr.WorkflowID]++
		}
	}
	return counts
}
