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
		// Read uncommitted, control records kept: the outcome is the
		// commit or abort marker of the record's producer.
		o.cl, o.err = kgo.NewClient(append(append([]kgo.Opt{}, o.rt.kafka...),
			kgo.FetchIsolationLevel(kgo.ReadUncommitted()), kgo.KeepControlRecords())...)
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
	// Below the last stable offset the record's transaction has ended, and
	// its end is a control record of the same producer after it: a commit
	// or an abort marker. Reading up to that marker tells for certain (a
	// read_committed fetch that returned nothing within a deadline was
	// taken for an abort, and a slow fetch re-ran a committed job).
	pollCtx, cancelPoll := context.WithTimeout(ctx, 10*time.Second)
	defer cancelPoll()
	producer := int64(-1)
	for pollCtx.Err() == nil {
		fs := cl.PollFetches(pollCtx)
		for _, r := range fs.Records() {
			if r.Topic != topic || r.Partition != p || r.Offset < off {
				continue
			}
			if producer < 0 {
				if r.Offset != off || r.Attrs.IsControl() {
					return false, true, nil // the record is not there: handle the job again
				}
				producer = r.ProducerID
				continue
			}
			if r.ProducerID != producer || !r.Attrs.IsControl() {
				continue
			}
			commit, ok := markerCommits(r.Key)
			if !ok {
				return false, true, fmt.Errorf("control record at %s/%d/%d: unreadable key", topic, p, r.Offset)
			}
			return commit, true, nil
		}
	}
	return false, false, nil // no marker read yet: ask again later
}

// markerCommits reads a transaction marker's key (version int16, type
// int16: 0 abort, 1 commit).
func markerCommits(key []byte) (commit, ok bool) {
	if len(key) < 4 {
		return false, false
	}
	switch int16(key[2])<<8 | int16(key[3]) {
	case 0:
		return false, true
	case 1:
		return true, true
	}
	return false, false
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
