package kafkacluster

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/twmb/franz-go/pkg/kadm"
	"github.com/twmb/franz-go/pkg/kerr"
	"github.com/twmb/franz-go/pkg/kgo"
	"github.com/twmb/franz-go/pkg/kmsg"
)

// Metadata asks the cluster directly (no client cache) for its brokers and
// topics: every topic, internal ones included, when topics is empty.
func (c *Cluster) Metadata(ctx context.Context, topics ...string) (*kmsg.MetadataResponse, error) {
	cl, err := kgo.NewClient(kgo.SeedBrokers(c.runningBootstrap()...))
	if err != nil {
		return nil, fmt.Errorf("kafkacluster: %w", err)
	}
	defer cl.Close()
	req := kmsg.NewPtrMetadataRequest()
	for _, t := range topics {
		rt := kmsg.NewMetadataRequestTopic()
		rt.Topic = kmsg.StringPtr(t)
		req.Topics = append(req.Topics, rt)
	}
	resp, err := req.RequestWith(ctx, cl)
	if err != nil {
		return nil, fmt.Errorf("kafkacluster: metadata: %w", err)
	}
	return resp, nil
}

// runningBootstrap is the PLAINTEXT address of every running node (all of
// them when none runs, so the caller gets a dial error, not a hang).
func (c *Cluster) runningBootstrap() []string {
	var out []string
	for _, n := range c.Nodes {
		if n.Pid() != 0 {
			out = append(out, n.Plain)
		}
	}
	if len(out) == 0 {
		return c.Bootstrap()
	}
	return out
}

// Leader returns the node leading a partition.
func (c *Cluster) Leader(ctx context.Context, topic string, partition int32) (int32, error) {
	m, err := c.Metadata(ctx, topic)
	if err != nil {
		return 0, err
	}
	for _, t := range m.Topics {
		for _, p := range t.Partitions {
			if p.Partition == partition {
				if err := kerr.ErrorForCode(p.ErrorCode); err != nil {
					return 0, fmt.Errorf("kafkacluster: %s/%d: %w", topic, partition, err)
				}
				return p.Leader, nil
			}
		}
	}
	return 0, fmt.Errorf("kafkacluster: no partition %s/%d", topic, partition)
}

// ActiveController returns the node leading the KRaft metadata quorum.
func (c *Cluster) ActiveController(ctx context.Context) (int32, error) {
	cl, err := kgo.NewClient(kgo.SeedBrokers(c.runningBootstrap()...))
	if err != nil {
		return 0, fmt.Errorf("kafkacluster: %w", err)
	}
	defer cl.Close()
	req := kmsg.NewPtrDescribeQuorumRequest()
	rt := kmsg.NewDescribeQuorumRequestTopic()
	rt.Topic = "__cluster_metadata"
	rp := kmsg.NewDescribeQuorumRequestTopicPartition()
	rt.Partitions = append(rt.Partitions, rp)
	req.Topics = append(req.Topics, rt)
	resp, err := req.RequestWith(ctx, cl)
	if err != nil {
		return 0, fmt.Errorf("kafkacluster: describe quorum: %w", err)
	}
	if err := kerr.ErrorForCode(resp.ErrorCode); err != nil {
		return 0, fmt.Errorf("kafkacluster: describe quorum: %w", err)
	}
	if len(resp.Topics) == 0 || len(resp.Topics[0].Partitions) == 0 {
		return 0, fmt.Errorf("kafkacluster: describe quorum: no metadata partition in the answer")
	}
	p := resp.Topics[0].Partitions[0]
	if err := kerr.ErrorForCode(p.ErrorCode); err != nil {
		return 0, fmt.Errorf("kafkacluster: describe quorum: %w", err)
	}
	return p.LeaderID, nil
}

// WaitHealthy waits until every node is a registered broker and every
// partition of every topic, internal ones included, has all its replicas
// in sync: after a node restarts, that is when it has caught up (or, with
// a wiped log directory, re-replicated everything it holds).
func (c *Cluster) WaitHealthy(ctx context.Context) error {
	var last string
	for {
		m, err := c.Metadata(ctx)
		switch {
		case err != nil:
			last = err.Error()
		case len(m.Brokers) < len(c.Nodes):
			last = fmt.Sprintf("%d of %d brokers registered", len(m.Brokers), len(c.Nodes))
		default:
			last = ""
			for _, t := range m.Topics {
				for _, p := range t.Partitions {
					if len(p.ISR) < len(p.Replicas) || p.Leader < 0 {
						last = fmt.Sprintf("%s/%d: in sync %v of replicas %v, leader %d", *t.Topic, p.Partition, p.ISR, p.Replicas, p.Leader)
					}
				}
			}
			if last == "" {
				return nil
			}
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("kafkacluster: not healthy: %w (%s)", ctx.Err(), last)
		case <-time.After(250 * time.Millisecond):
		}
	}
}

// FinalizedFeature returns the cluster's finalized level of a feature
// (e.g. transaction.version), 0 when it is not finalized.
func (c *Cluster) FinalizedFeature(ctx context.Context, name string) (int16, error) {
	cl, err := kgo.NewClient(kgo.SeedBrokers(c.runningBootstrap()...))
	if err != nil {
		return 0, fmt.Errorf("kafkacluster: %w", err)
	}
	defer cl.Close()
	resp, err := kmsg.NewPtrApiVersionsRequest().RequestWith(ctx, cl)
	if err != nil {
		return 0, fmt.Errorf("kafkacluster: api versions: %w", err)
	}
	for _, f := range resp.FinalizedFeatures {
		if f.Name == name {
			return f.MaxVersionLevel, nil
		}
	}
	return 0, nil
}

// WaitReplicated waits until node id holds, in its log directory, every
// partition it is a replica of, each caught up with its leader (offset lag
// 0) and in sync: after a wiped log directory, that is when the node has
// re-replicated everything it held. It returns how many partitions and
// bytes the node holds.
func (c *Cluster) WaitReplicated(ctx context.Context, id int32) (partitions int, bytes int64, err error) {
	adm, err := c.Admin()
	if err != nil {
		return 0, 0, err
	}
	defer adm.Close()
	var last string
	for {
		last = ""
		m, err := c.Metadata(ctx)
		if err != nil {
			last = err.Error()
		}
		var dirs kadm.DescribedLogDirs
		if err == nil {
			dirs, err = adm.DescribeBrokerLogDirs(ctx, id, nil)
			if err == nil {
				err = dirs.Error()
			}
			if err != nil {
				last = err.Error()
			}
		}
		if last == "" {
			partitions, bytes = 0, 0
			for _, t := range m.Topics {
				for _, p := range t.Partitions {
					if !slices.Contains(p.Replicas, id) {
						continue
					}
					lp, ok := dirs.LookupPartition(*t.Topic, p.Partition)
					switch {
					case !ok:
						last = fmt.Sprintf("%s/%d not on node %d yet", *t.Topic, p.Partition, id)
					case lp.OffsetLag != 0 || !slices.Contains(p.ISR, id):
						last = fmt.Sprintf("%s/%d on node %d: %d behind, in sync %v", *t.Topic, p.Partition, id, lp.OffsetLag, p.ISR)
					default:
						partitions++
						bytes += lp.Size
					}
				}
			}
			if last == "" {
				return partitions, bytes, nil
			}
		}
		select {
		case <-ctx.Done():
			return 0, 0, fmt.Errorf("kafkacluster: node %d not replicated: %w (%s)", id, ctx.Err(), last)
		case <-time.After(250 * time.Millisecond):
		}
	}
}
