package chaos

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sync"
	"syscall"
	"time"

	"github.com/docket-run/docket/pkg/kafkacluster"
)

// faults is what the suite does to its broker: steps spread over the run,
// a rebalance storm, and the counts for the summary.
type faults interface {
	steps(ctx context.Context) []step
	storm()
	removeAll()
	counts() map[string]int
}

// realFaults breaks a real three-node cluster the ways only a real cluster
// breaks: SIGKILL of a partition leader and of a transaction coordinator,
// SIGSTOP of a group coordinator past the session timeout, a controller
// failover, a rolling restart and a wiped log directory. After each, the
// node is restarted and the suite waits until every partition is fully
// replicated again before the next fault.
type realFaults struct {
	c    *kafkacluster.Cluster
	logf func(string, ...any)

	mu    sync.Mutex
	n     map[string]int
	kills int // broker processes SIGKILLed or stopped
}

func newRealFaults(c *kafkacluster.Cluster, logf func(string, ...any)) *realFaults {
	return &realFaults{c: c, logf: logf, n: map[string]int{}}
}

func (r *realFaults) steps(ctx context.Context) []step {
	// On the posting clock: the failures start while requests still
	// arrive (each then waits for the cluster to be whole, so the later
	// ones land while the pipeline drains).
	return []step{
		{at: 0.05, posts: true, what: "kafka: SIGKILL the leader of a partition OCR writes", do: func() { r.killLeader(ctx) }},
		{at: 0.15, posts: true, what: "kafka: SIGKILL the coordinator of an open transaction", do: func() { r.killTxnCoordinator(ctx) }},
		{at: 0.3, posts: true, what: "kafka: SIGSTOP the OCR group's coordinator for 20s (session timeout 15s), then SIGCONT", do: func() { r.pauseGroupCoordinator(ctx) }},
		{at: 0.45, posts: true, what: "kafka: controller failover (SIGKILL the active controller)", do: func() { r.killController(ctx) }},
		{at: 0.6, posts: true, what: "kafka: rolling restart of all three brokers", do: func() { r.rollingRestart(ctx) }},
		{at: 0.75, posts: true, what: "kafka: wipe a broker's log directory and restart it", do: func() { r.wipe(ctx) }},
	}
}

// storm: the rebalance storm's service kills need no broker part here.
func (r *realFaults) storm()     {}
func (r *realFaults) removeAll() {}

func (r *realFaults) counts() map[string]int {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := make(map[string]int, len(r.n))
	for k, v := range r.n {
		out[k] = v
	}
	return out
}

func (r *realFaults) brokerKills() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.kills
}

func (r *realFaults) count(name string, kills int) {
	r.mu.Lock()
	r.n[name]++
	r.kills += kills
	r.mu.Unlock()
}

// restart starts node id again and waits until the cluster is whole.
func (r *realFaults) restart(ctx context.Context, id int32) {
	if err := r.c.StartNode(id); err != nil {
		r.logf("kafka: restart node %d: %v", id, err)
		return
	}
	r.healthy(ctx, fmt.Sprintf("node %d restarted", id))
}

func (r *realFaults) healthy(ctx context.Context, after string) {
	began := time.Now()
	hctx, cancel := context.WithTimeout(ctx, 3*time.Minute)
	defer cancel()
	if err := r.c.WaitHealthy(hctx); err != nil {
		r.logf("kafka: %s: %v", after, err)
		return
	}
	r.logf("kafka: %s: every partition fully replicated after %s", after, time.Since(began).Round(100*time.Millisecond))
}

func (r *realFaults) kill(ctx context.Context, name string, id int32) {
	if err := r.c.Kill(id); err != nil {
		r.logf("kafka: %s: %v", name, err)
		return
	}
	r.count(name, 1)
	r.logf("kafka: %s: node %d killed", name, id)
	sleep(ctx, 2*time.Second)
	r.restart(ctx, id)
}

func (r *realFaults) killLeader(ctx context.Context) {
	id, err := r.c.Leader(ctx, "docket.document.extracted", 0)
	if err != nil {
		r.logf("kafka: leader: %v", err)
		return
	}
	r.kill(ctx, "partition leader killed", id)
}

func (r *realFaults) killTxnCoordinator(ctx context.Context) {
	adm, err := r.c.Admin()
	if err != nil {
		r.logf("kafka: %v", err)
		return
	}
	defer adm.Close()
	// Look for a transaction that is open right now, for up to 20s.
	for end := time.Now().Add(20 * time.Second); time.Now().Before(end); sleep(ctx, 50*time.Millisecond) {
		txns, err := adm.ListTransactions(ctx, nil, []string{"Ongoing"})
		if err != nil {
			continue
		}
		ids := txns.TransactionalIDs()
		if len(ids) == 0 {
			continue
		}
		id := ids[rand.IntN(len(ids))]
		coords := adm.FindTxnCoordinators(ctx, id)
		if coords[id].Err != nil {
			continue
		}
		r.logf("kafka: transaction of %s open; its coordinator is node %d", id, coords[id].NodeID)
		r.kill(ctx, "transaction coordinator killed", coords[id].NodeID)
		return
	}
	r.logf("kafka: no open transaction seen in 20s")
}

func (r *realFaults) pauseGroupCoordinator(ctx context.Context) {
	adm, err := r.c.Admin()
	if err != nil {
		r.logf("kafka: %v", err)
		return
	}
	defer adm.Close()
	coords := adm.FindGroupCoordinators(ctx, "docket-ocr")
	if err := coords["docket-ocr"].Err; err != nil {
		r.logf("kafka: group coordinator: %v", err)
		return
	}
	id := coords["docket-ocr"].NodeID
	if err := r.c.Signal(id, syscall.SIGSTOP); err != nil {
		r.logf("kafka: %v", err)
		return
	}
	r.count("group coordinator paused", 0)
	r.logf("kafka: node %d (coordinator of docket-ocr) stopped with SIGSTOP", id)
	sleep(ctx, 20*time.Second)
	if err := r.c.Signal(id, syscall.SIGCONT); err != nil {
		r.logf("kafka: %v", err)
		return
	}
	r.healthy(ctx, fmt.Sprintf("node %d continued", id))
}

func (r *realFaults) killController(ctx context.Context) {
	id, err := r.c.ActiveController(ctx)
	if err != nil {
		r.logf("kafka: %v", err)
		return
	}
	r.kill(ctx, "active controller killed", id)
	if now, err := r.c.ActiveController(ctx); err == nil {
		r.logf("kafka: the quorum's leader is now node %d (was %d)", now, id)
	}
}

func (r *realFaults) rollingRestart(ctx context.Context) {
	for _, n := range r.c.Nodes {
		if err := r.c.Stop(n.ID, time.Minute); err != nil {
			r.logf("kafka: stop node %d: %v", n.ID, err)
			continue
		}
		r.count("rolling restart: node stopped", 1)
		r.restart(ctx, n.ID)
	}
}

func (r *realFaults) wipe(ctx context.Context) {
	ctrl, _ := r.c.ActiveController(ctx)
	var victim *kafkacluster.Node
	for _, n := range r.c.Nodes {
		if n.ID != ctrl {
			victim = n
		}
	}
	if err := r.c.Kill(victim.ID); err != nil {
		r.logf("kafka: %v", err)
		return
	}
	r.count("log directory wiped", 1)
	if err := r.c.WipeData(ctx, victim.ID); err != nil {
		r.logf("kafka: %v", err)
		return
	}
	r.logf("kafka: node %d killed and its log directory wiped (%d partition folders left)", victim.ID, partitionDirs(victim))
	if err := r.c.StartNode(victim.ID); err != nil {
		r.logf("kafka: restart node %d: %v", victim.ID, err)
		return
	}
	// In sync is not enough here: a node killed and restarted within the
	// replica lag time never left the in-sync set. Wait until it holds
	// every partition it is a replica of again, caught up.
	wctx, cancel := context.WithTimeout(ctx, 3*time.Minute)
	defer cancel()
	began := time.Now()
	n, bytes, err := r.c.WaitReplicated(wctx, victim.ID)
	if err != nil {
		r.logf("kafka: %v", err)
		r.mu.Lock()
		r.n["wiped log directory not re-replicated"]++
		r.mu.Unlock()
		return
	}
	r.logf("kafka: node %d re-replicated %d partitions (%d bytes, %d partition folders) in %s", victim.ID, n, bytes, partitionDirs(victim), time.Since(began).Round(100*time.Millisecond))
	r.healthy(ctx, fmt.Sprintf("node %d restarted", victim.ID))
}

func partitionDirs(n *kafkacluster.Node) int {
	ents, _ := os.ReadDir(filepath.Join(n.Dir, "data"))
	c := 0
	for _, e := range ents {
		if e.IsDir() {
			c++
		}
	}
	return c
}

func sleep(ctx context.Context, d time.Duration) {
	select {
	case <-ctx.Done():
	case <-time.After(d):
	}
}
