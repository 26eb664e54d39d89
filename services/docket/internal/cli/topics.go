package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/twmb/franz-go/pkg/kadm"
	"github.com/twmb/franz-go/pkg/kerr"
	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/docket-run/docket/pkg/config"
	"github.com/docket-run/docket/pkg/devstack"
	"github.com/docket-run/docket/pkg/events"
)

// Topic retention defaults (docket admin topics apply).
const (
	defaultRetention      = 14 * 24 * time.Hour
	defaultRetryRetention = 7 * 24 * time.Hour
	defaultDLQRetention   = 30 * 24 * time.Hour
)

// topicPolicy is what `docket admin topics apply` makes every topic look
// like.
type topicPolicy struct {
	Partitions        int32
	ReplicationFactor int16
	MinInsyncReplicas int
	Retention         time.Duration // event topics
	RetryRetention    time.Duration // docket.<service>.retry
	DLQRetention      time.Duration // docket.<service>.dlq
}

func (p topicPolicy) validate() error {
	var errs []error
	if p.Partitions < 1 {
		errs = append(errs, fmt.Errorf("partitions %d: want at least 1", p.Partitions))
	}
	if p.ReplicationFactor < 1 {
		errs = append(errs, fmt.Errorf("replication factor %d: want at least 1", p.ReplicationFactor))
	}
	if p.MinInsyncReplicas < 1 || p.MinInsyncReplicas > int(p.ReplicationFactor) {
		errs = append(errs, fmt.Errorf("min.insync.replicas %d: want 1 to the replication factor %d", p.MinInsyncReplicas, p.ReplicationFactor))
	}
	for name, d := range map[string]time.Duration{"retention": p.Retention, "retry retention": p.RetryRetention, "dlq retention": p.DLQRetention} {
		if d < time.Millisecond {
			errs = append(errs, fmt.Errorf("%s %s: want at least 1ms", name, d))
		}
	}
	return errors.Join(errs...)
}

// topicSpec is one topic's desired state.
type topicSpec struct {
	Name              string
	Partitions        int32
	ReplicationFactor int16
	Configs           map[string]string
}

// desiredTopics returns every Docket topic (pkg/devstack.Topics: the event
// topics and each service's DLQ and retry topic) with its configuration.
// None needs compaction: every topic is a log of events keyed by workflow
// id, and the ledger must keep every record, so cleanup.policy is delete
// everywhere (set explicitly so that a drift to compact is repaired).
func desiredTopics(p topicPolicy) []topicSpec {
	ms := func(d time.Duration) string { return strconv.FormatInt(d.Milliseconds(), 10) }
	var out []topicSpec
	for _, t := range devstack.Topics() {
		retention := ms(p.Retention)
		if _, ok := events.RetryService(t); ok {
			retention = ms(p.RetryRetention)
		}
		if _, ok := events.DLQService(t); ok {
			retention = ms(p.DLQRetention)
		}
		if t == events.TopicLedger || t == events.TopicLedgerCheckpoints || t == events.TopicAudit {
			retention = "-1" // the system of record, its checkpoints and the audit log: kept forever
		}
		out = append(out, topicSpec{
			Name:              t,
			Partitions:        p.Partitions,
			ReplicationFactor: p.ReplicationFactor,
			Configs: map[string]string{
				"cleanup.policy":      "delete",
				"retention.ms":        retention,
				"retention.bytes":     "-1",
				"min.insync.replicas": strconv.Itoa(p.MinInsyncReplicas),
			},
		})
	}
	return out
}

// Topic actions reported by applyTopics.
const (
	topicCreated   = "created"
	topicUpdated   = "updated"
	topicUnchanged = "unchanged"
)

// topicResult is what applyTopics did to one topic.
type topicResult struct {
	Topic   string
	Action  string   // created, updated, unchanged
	Changes []string // e.g. "partitions 2 -> 6", "retention.ms 1 -> 1209600000"
	Notes   []string // differences left alone (more partitions, replication factor)
}

// applyTopics creates the missing topics and brings existing ones to the
// desired configuration and partition count (growing, never shrinking).
// With dryRun it only reports what it would do.
func applyTopics(ctx context.Context, adm *kadm.Client, specs []topicSpec, dryRun bool) ([]topicResult, error) {
	specs = slices.Clone(specs) // a topic's configs may be trimmed below
	names := make([]string, len(specs))
	for i, s := range specs {
		names[i] = s.Name
	}
	details, err := adm.ListTopics(ctx, names...)
	if err != nil {
		return nil, fmt.Errorf("describe topics: %w", err)
	}
	results := make([]topicResult, len(specs))
	var existing []string
	for i, s := range specs {
		results[i] = topicResult{Topic: s.Name, Action: topicUnchanged}
		d, ok := details[s.Name]
		if !ok || errors.Is(d.Err, kerr.UnknownTopicOrPartition) {
			if err := createTopic(ctx, adm, s, dryRun); err != nil {
				return nil, err
			}
			results[i].Action = topicCreated
			results[i].Changes = []string{fmt.Sprintf("partitions=%d replication=%d", s.Partitions, s.ReplicationFactor)}
			continue
		}
		if d.Err != nil {
			return nil, fmt.Errorf("describe topic %s: %w", s.Name, d.Err)
		}
		existing = append(existing, s.Name)
		have := int32(len(d.Partitions))
		switch {
		case have < s.Partitions:
			if !dryRun {
				if err := growPartitions(ctx, adm, s); err != nil {
					return nil, err
				}
			}
			results[i].Changes = append(results[i].Changes, fmt.Sprintf("partitions %d -> %d", have, s.Partitions))
		case have > s.Partitions:
			results[i].Notes = append(results[i].Notes, fmt.Sprintf("has %d partitions, more than %d: left as is (partitions are never removed)", have, s.Partitions))
		}
		if p, ok := d.Partitions[0]; ok && len(p.Replicas) != int(s.ReplicationFactor) {
			results[i].Notes = append(results[i].Notes, fmt.Sprintf("replication factor %d, want %d: left as is (needs a partition reassignment)", len(p.Replicas), s.ReplicationFactor))
			// A min.insync.replicas above the replicas the topic has would
			// refuse every acks=all write (every Docket producer's).
			if isr, _ := strconv.Atoi(s.Configs["min.insync.replicas"]); isr > len(p.Replicas) {
				specs[i].Configs = maps.Clone(s.Configs)
				delete(specs[i].Configs, "min.insync.replicas")
				results[i].Notes = append(results[i].Notes, fmt.Sprintf("min.insync.replicas %d is above the replication factor %d: left as is", isr, len(p.Replicas)))
			}
		}
	}
	if len(existing) > 0 {
		if err := alterConfigs(ctx, adm, specs, existing, results, dryRun); err != nil {
			return nil, err
		}
	}
	for i := range results {
		if results[i].Action == topicUnchanged && len(results[i].Changes) > 0 {
			results[i].Action = topicUpdated
		}
	}
	return results, nil
}

func createTopic(ctx context.Context, adm *kadm.Client, s topicSpec, dryRun bool) error {
	cfg := make(map[string]*string, len(s.Configs))
	for k, v := range s.Configs {
		cfg[k] = kadm.StringPtr(v)
	}
	var resp kadm.CreateTopicResponses
	var err error
	if dryRun {
		resp, err = adm.ValidateCreateTopics(ctx, s.Partitions, s.ReplicationFactor, cfg, s.Name)
	} else {
		resp, err = adm.CreateTopics(ctx, s.Partitions, s.ReplicationFactor, cfg, s.Name)
	}
	if err != nil {
		return fmt.Errorf("create topic %s: %w", s.Name, err)
	}
	r, ok := resp[s.Name]
	if !ok {
		return fmt.Errorf("create topic %s: not in the broker's answer", s.Name)
	}
	if r.Err != nil {
		return fmt.Errorf("create topic %s: %w %s", s.Name, r.Err, r.ErrMessage)
	}
	return nil
}

func growPartitions(ctx context.Context, adm *kadm.Client, s topicSpec) error {
	resp, err := adm.UpdatePartitions(ctx, int(s.Partitions), s.Name)
	if err != nil {
		return fmt.Errorf("grow partitions of %s: %w", s.Name, err)
	}
	r, err := resp.On(s.Name, nil)
	if err != nil {
		return fmt.Errorf("grow partitions of %s: %w", s.Name, err)
	}
	if r.Err != nil {
		return fmt.Errorf("grow partitions of %s: %w %s", s.Name, r.Err, r.ErrMessage)
	}
	return nil
}

// alterConfigs compares the existing topics' configs with the desired ones
// and sets the differing keys with IncrementalAlterConfigs (other keys are
// left alone).
func alterConfigs(ctx context.Context, adm *kadm.Client, specs []topicSpec, existing []string, results []topicResult, dryRun bool) error {
	rcs, err := adm.DescribeTopicConfigs(ctx, existing...)
	if err != nil {
		return fmt.Errorf("describe topic configs: %w", err)
	}
	for i, s := range specs {
		if !slices.Contains(existing, s.Name) {
			continue
		}
		rc, err := rcs.On(s.Name, nil)
		if err == nil {
			err = rc.Err
		}
		if err != nil {
			return fmt.Errorf("describe configs of %s: %w", s.Name, err)
		}
		have := make(map[string]string, len(rc.Configs))
		for _, c := range rc.Configs {
			have[c.Key] = c.MaybeValue()
		}
		var alter []kadm.AlterConfig
		for _, k := range slices.Sorted(maps.Keys(s.Configs)) {
			want := s.Configs[k]
			if have[k] == want {
				continue
			}
			alter = append(alter, kadm.AlterConfig{Op: kadm.SetConfig, Name: k, Value: kadm.StringPtr(want)})
			old := have[k]
			if old == "" {
				old = "(unset)"
			}
			results[i].Changes = append(results[i].Changes, fmt.Sprintf("%s %s -> %s", k, old, want))
		}
		if len(alter) == 0 || dryRun {
			continue
		}
		resp, err := adm.AlterTopicConfigs(ctx, alter, s.Name)
		if err != nil {
			return fmt.Errorf("alter configs of %s: %w", s.Name, err)
		}
		for _, r := range resp {
			if r.Err != nil {
				return fmt.Errorf("alter configs of %s: %w %s", s.Name, r.Err, r.ErrMessage)
			}
		}
	}
	return nil
}

// envDefault returns the environment variable's value, or def.
func envDefault(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}

func topicsApply(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("admin topics apply", flag.ContinueOnError)
	fs.SetOutput(stderr)
	brokers := fs.String("brokers", "", "Kafka seed brokers, comma-separated (default $DOCKET_KAFKA_BROKERS)")
	partitions := fs.String("partitions", envDefault("DOCKET_TOPIC_PARTITIONS", "6"), "partitions of every topic ($DOCKET_TOPIC_PARTITIONS); existing topics are grown, never shrunk")
	replication := fs.String("replication-factor", envDefault("DOCKET_TOPIC_REPLICATION_FACTOR", "3"), "replication factor of new topics ($DOCKET_TOPIC_REPLICATION_FACTOR)")
	minISR := fs.String("min-insync-replicas", envDefault("DOCKET_TOPIC_MIN_INSYNC_REPLICAS", "2"), "min.insync.replicas ($DOCKET_TOPIC_MIN_INSYNC_REPLICAS)")
	retention := fs.Duration("retention", defaultRetention, "retention of the event topics (docket.ledger and docket.audit: always infinite)")
	retryRetention := fs.Duration("retry-retention", defaultRetryRetention, "retention of docket.<service>.retry")
	dlqRetention := fs.Duration("dlq-retention", defaultDLQRetention, "retention of docket.<service>.dlq")
	dev := fs.Bool("dev", false, "single-broker development cluster: replication factor 1, min.insync.replicas 1")
	dryRun := fs.Bool("dry-run", false, "only report what would change")
	timeout := fs.Duration("timeout", 2*time.Minute, "give up after this long")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("%w: admin topics apply takes no arguments, got %q", errUsage, fs.Args())
	}
	pol := topicPolicy{Retention: *retention, RetryRetention: *retryRetention, DLQRetention: *dlqRetention}
	var errs []error
	n, err := strconv.ParseInt(*partitions, 10, 32)
	if err != nil {
		errs = append(errs, fmt.Errorf("partitions %q: %w", *partitions, err))
	}
	pol.Partitions = int32(n)
	rf, err := strconv.ParseInt(*replication, 10, 16)
	if err != nil {
		errs = append(errs, fmt.Errorf("replication factor %q: %w", *replication, err))
	}
	pol.ReplicationFactor = int16(rf)
	if pol.MinInsyncReplicas, err = strconv.Atoi(*minISR); err != nil {
		errs = append(errs, fmt.Errorf("min.insync.replicas %q: %w", *minISR, err))
	}
	if *dev {
		pol.ReplicationFactor, pol.MinInsyncReplicas = 1, 1
	}
	if err := errors.Join(append(errs, pol.validate())...); err != nil {
		return fmt.Errorf("%w: %w", errUsage, err)
	}

	cl, p, err := adminClient(*brokers)
	if err != nil {
		return err
	}
	defer cl.Close()
	ctx, cancel := context.WithTimeout(ctx, *timeout)
	defer cancel()

	results, err := applyTopics(ctx, kadm.NewClient(cl), desiredTopics(pol), *dryRun)
	if err != nil {
		return fmt.Errorf("apply topics to %s: %w", strings.Join(p.KafkaBrokers, ","), err)
	}
	return printTopicResults(stdout, results, *dryRun)
}

func printTopicResults(w io.Writer, results []topicResult, dryRun bool) error {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "TOPIC\tACTION\tDETAIL")
	count := map[string]int{}
	grown := false
	for _, r := range results {
		count[r.Action]++
		detail := strings.Join(append(slices.Clone(r.Changes), r.Notes...), "; ")
		fmt.Fprintf(tw, "%s\t%s\t%s\n", r.Topic, r.Action, detail)
		for _, c := range r.Changes {
			grown = grown || strings.HasPrefix(c, "partitions ")
		}
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	prefix := "topics apply"
	if dryRun {
		prefix = "topics apply (dry run)"
	}
	fmt.Fprintf(w, "%s: created=%d updated=%d unchanged=%d\n", prefix, count[topicCreated], count[topicUpdated], count[topicUnchanged])
	if grown {
		fmt.Fprintln(w, "note: new partitions move keys (workflows) to other partitions; grow every topic together, in a quiet window (README, Production)")
	}
	return nil
}

// adminClient connects as the platform's Kafka settings say, with brokers
// (comma-separated) replacing the seed brokers when given, for the admin
// commands; it returns the settings too.
func adminClient(brokers string) (*kgo.Client, config.Platform, error) {
	p, err := config.Load()
	if err != nil {
		return nil, p, err
	}
	if brokers != "" {
		p.KafkaBrokers = strings.Split(brokers, ",")
	}
	kopts, err := p.KafkaOpts()
	if err != nil {
		return nil, p, err
	}
	cl, err := kgo.NewClient(kopts...)
	if err != nil {
		return nil, p, fmt.Errorf("kafka client: %w", err)
	}
	return cl, p, nil
}
