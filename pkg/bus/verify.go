package bus

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/twmb/franz-go/pkg/kadm"
	"github.com/twmb/franz-go/pkg/kgo"
)

// outcomeReader tells whether the transaction that was completing a job
// a dead owner held committed: the job's first output is then a committed
// record at the position its owner stored (jobs.Job.Emitted).
type outcomeReader struct {
	rt   *Runtime
	once sync.Once
	cl   *kgo.Client
	err  error
}

func (o *outcomeReader) client() (*kgo.Client, error) {
	o.once.Do(func() {
		o.cl, o.err = kgo.NewClient(append(append([]kgo.Opt{}, o.rt.kafka...),
			kgo.FetchIsolationLevel(kgo.ReadCommitted()))...)
	})
	return o.cl, o.err
}

func (o *outcomeReader) close() {
	if o.cl != nil {
		o.cl.Close()
	}
}

// committed reports whether the record at pos (topic/partition/offset) is
// committed; known is false while that cannot be told yet (the
// transaction is still open, or the broker did not answer).
func (o *outcomeReader) committed(ctx context.Context, pos string) (committed, known bool, err error) {
	topic, p, off, err := parsePosition(pos)
	if err != nil {
		return false, true, err // unreadable: handle the job again
	}
	cl, err := o.client()
	if err != nil {
		return false, false, err
	}
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	ends, err := kadm.NewClient(cl).ListCommittedOffsets(ctx, topic)
	if err != nil {
		return false, false, fmt.Errorf("last stable offset of %s: %w", topic, err)
	}
	end, ok := ends.Lookup(topic, p)
	if !ok || end.Err != nil {
		return false, false, fmt.Errorf("last stable offset of %s/%d: %v", topic, p, end.Err)
	}
	if end.Offset <= off {
		return false, false, nil // not stable yet: the transaction is open
	}
	cl.AddConsumePartitions(map[string]map[int32]kgo.Offset{topic: {p: kgo.NewOffset().At(off)}})
	defer cl.RemoveConsumePartitions(map[string][]int32{topic: {p}})
	// Below the last stable offset a committed record is returned at
	// once; an aborted one is skipped, and after it come later records or
	// nothing at all.
	pollCtx, cancelPoll := context.WithTimeout(ctx, 2*time.Second)
	defer cancelPoll()
	for pollCtx.Err() == nil {
		fs := cl.PollFetches(pollCtx)
		for _, r := range fs.Records() {
			if r.Topic == topic && r.Partition == p && r.Offset >= off {
				return r.Offset == off, true, nil
			}
		}
	}
	return false, true, nil
}

func parsePosition(pos string) (string, int32, int64, error) {
	i := strings.LastIndexByte(pos, '/')
	j := strings.LastIndexByte(pos[:max(i, 0)], '/')
	if i < 0 || j < 0 {
		return "", 0, 0, fmt.Errorf("job output position %q: want topic/partition/offset", pos)
	}
	p, err1 := strconv.ParseInt(pos[j+1:i], 10, 32)
	off, err2 := strconv.ParseInt(pos[i+1:], 10, 64)
	if err1 != nil || err2 != nil {
		return "", 0, 0, fmt.Errorf("job output position %q: want topic/partition/offset", pos)
	}
	return pos[:j], int32(p), off, nil
}
