package chaos

import (
	"context"
	"fmt"
	"math/rand/v2"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/twmb/franz-go/pkg/kerr"
	"github.com/twmb/franz-go/pkg/kfake"
	"github.com/twmb/franz-go/pkg/kmsg"
)

// broker injects faults into kfake's request handling and counts those it
// injected, by name.
type broker struct {
	c *kfake.Cluster

	mu      sync.Mutex
	handles map[string][]*kfake.FaultHandle
	budget  map[*kfake.FaultHandle]int // requests each handle is to fault

	delaying atomic.Bool
	delayed  map[string]*atomic.Int64
}

// newBroker installs the latency controls (off until a wave turns them
// on): while on, one produce, fetch or transactional offset commit in
// three is answered 50-500ms late.
func newBroker(c *kfake.Cluster) *broker {
	b := &broker{c: c, handles: map[string][]*kfake.FaultHandle{}, budget: map[*kfake.FaultHandle]int{}, delayed: map[string]*atomic.Int64{}}
	for name, key := range map[string]kmsg.Key{"delayed produce": kmsg.Produce, "delayed fetch": kmsg.Fetch, "delayed offset commit": kmsg.TxnOffsetCommit} {
		n := &atomic.Int64{}
		b.delayed[name] = n
		c.ControlKey(int16(key), func(kmsg.Request) (kmsg.Response, error, bool) {
			if b.delaying.Load() && rand.IntN(3) == 0 {
				n.Add(1)
				wait := time.Duration(50+rand.IntN(450)) * time.Millisecond
				c.SleepControl(func() { time.Sleep(wait) })
			}
			return nil, nil, false // then answered as usual
		})
	}
	return b
}

func (b *broker) fault(name string, f kfake.Fault) {
	h := b.c.Fault(f)
	b.mu.Lock()
	b.handles[name] = append(b.handles[name], h)
	b.budget[h] = f.Count
	b.mu.Unlock()
}

// wave injects one round of every broker fault and keeps the latency on
// for d; faults not consumed within 3d are removed.
func (b *broker) wave(ctx context.Context, d time.Duration) {
	b.fault("failed produce", kfake.Fault{Keys: []kmsg.Key{kmsg.Produce}, Err: kerr.NotLeaderForPartition, Count: 6})
	b.fault("failed produce", kfake.Fault{Keys: []kmsg.Key{kmsg.Produce}, Err: kerr.RequestTimedOut, Count: 3}) // written, then answered as timed out
	b.fault("failed fetch", kfake.Fault{Keys: []kmsg.Key{kmsg.Fetch}, Err: kerr.NotLeaderForPartition, Count: 6})
	b.fault("failed offset commit", kfake.Fault{Keys: []kmsg.Key{kmsg.TxnOffsetCommit}, Err: kerr.CoordinatorLoadInProgress, Count: 3})
	b.fault("failed offset commit", kfake.Fault{Keys: []kmsg.Key{kmsg.OffsetCommit}, Err: kerr.RequestTimedOut, Count: 3})
	// Coordinator loss: the coordinator answers that it is not one, and
	// finding it again fails for a while.
	b.fault("coordinator loss", kfake.Fault{Keys: []kmsg.Key{kmsg.Heartbeat}, TopLevel: true, Err: kerr.NotCoordinator, Count: 4})
	b.fault("coordinator loss", kfake.Fault{Keys: []kmsg.Key{kmsg.EndTxn}, TopLevel: true, Err: kerr.NotCoordinator, Count: 2})
	b.fault("coordinator loss", kfake.Fault{Keys: []kmsg.Key{kmsg.FindCoordinator}, Err: kerr.CoordinatorNotAvailable, Count: 6})
	b.delaying.Store(true)
	select {
	case <-time.After(d):
	case <-ctx.Done():
	}
	b.delaying.Store(false)
	for end := time.Now().Add(2 * d); time.Now().Before(end) && b.pending() > 0 && ctx.Err() == nil; {
		time.Sleep(100 * time.Millisecond)
	}
	b.removeAll()
}

// pending counts the installed faults that have not answered every request
// they were given.
func (b *broker) pending() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	n := 0
	for _, hs := range b.handles {
		for _, h := range hs {
			if h.Hits() < b.budget[h] {
				n++
			}
		}
	}
	return n
}

// steps are four waves of every fault, spread over the run.
func (b *broker) steps(ctx context.Context) []step {
	var steps []step
	for _, at := range []float64{0.1, 0.3, 0.6, 0.75} {
		steps = append(steps, step{at: at, what: "broker fault wave", do: func() { b.wave(ctx, 6*time.Second) }})
	}
	return steps
}

// storm makes every group member rejoin, several times over.
func (b *broker) storm() {
	b.fault("forced rejoin", kfake.Fault{Keys: []kmsg.Key{kmsg.Heartbeat}, TopLevel: true, Err: kerr.RebalanceInProgress, Count: 30})
}

func (b *broker) removeAll() {
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, hs := range b.handles {
		for _, h := range hs {
			h.Remove()
		}
	}
}

// counts returns the faults injected, by name.
func (b *broker) counts() map[string]int {
	b.mu.Lock()
	defer b.mu.Unlock()
	out := map[string]int{}
	for name, hs := range b.handles {
		for _, h := range hs {
			out[name] += h.Hits()
		}
	}
	for name, n := range b.delayed {
		out[name] += int(n.Load())
	}
	return out
}

func total[K comparable](m map[K]int) int {
	n := 0
	for _, v := range m {
		n += v
	}
	return n
}

func format(m map[string]int) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s=%d", strings.ReplaceAll(k, " ", "_"), m[k])
	}
	return strings.Join(parts, " ")
}

// step is one chaos action, due when its clock passes at.
type step struct {
	at    float64 // fraction of the clock
	posts bool    // clocked by posting progress rather than settled workflows
	what  string
	do    func()
}

// plan lays out the run: kills SIGKILLs (every service at least once, the
// rest at random) at random points, fault waves, a rebalance storm and a
// Redis restart.
func plan(ctx context.Context, st *stack, b faults, kills int, logf func(string, ...any)) []step {
	var steps []step
	byName := map[string][]*proc{}
	for _, p := range st.procs {
		byName[p.name] = append(byName[p.name], p)
	}
	victims := append([]string{}, services...)
	rand.Shuffle(len(victims), func(i, j int) { victims[i], victims[j] = victims[j], victims[i] })
	for len(victims) < kills {
		victims = append(victims, services[rand.IntN(len(services))])
	}
	for _, v := range victims[:max(kills, len(services))] {
		p := byName[v][rand.IntN(len(byName[v]))]
		s := step{at: 0.02 + rand.Float64()*0.83, what: "kill " + p.instance}
		if v == "ingest" {
			s.at, s.posts = 0.05+rand.Float64()*0.85, true
		}
		s.do = func() { st.kill(time.Duration(rand.IntN(800))*time.Millisecond, p) }
		steps = append(steps, s)
	}
	steps = append(steps, b.steps(ctx)...)
	storm := []*proc{byName["ocr"][0], byName["classifier"][0], byName["ledger"][0]}
	steps = append(steps, step{at: 0.5, what: "rebalance storm: forced rejoins, kill ocr, classifier and ledger at once", do: func() {
		b.storm()
		st.kill(300*time.Millisecond, storm...)
	}})
	steps = append(steps, step{at: 0.4, what: "redis-server killed and restarted (AOF)", do: func() {
		st.redis.Kill()
		time.Sleep(time.Second)
		if err := st.redis.Restart(ctx); err != nil {
			logf("restart redis-server: %v", err)
		}
	}})
	sort.Slice(steps, func(i, j int) bool { return steps[i].at < steps[j].at })
	return steps
}

// perform performs the steps as their clocks pass their points, one at a
// time and at least gap apart, until all are done or ctx ends.
func perform(ctx context.Context, steps []step, postClock, settleClock func() float64, gap time.Duration, logf func(string, ...any)) {
	last := time.Time{}
	for len(steps) > 0 && ctx.Err() == nil {
		for i, s := range steps {
			clock := settleClock()
			if s.posts {
				clock = postClock()
			}
			if clock < s.at || time.Since(last) < gap {
				continue
			}
			logf("chaos at %.0f%% (%s): %s", 100*clock, map[bool]string{true: "posted", false: "settled"}[s.posts], s.what)
			s.do()
			last = time.Now()
			steps = append(steps[:i], steps[i+1:]...)
			break
		}
		select {
		case <-ctx.Done():
		case <-time.After(100 * time.Millisecond):
		}
	}
}
