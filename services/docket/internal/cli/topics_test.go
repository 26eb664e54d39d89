package cli

import (
	"bytes"
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/twmb/franz-go/pkg/kadm"

	"github.com/docket-run/docket/pkg/devstack"
	"github.com/docket-run/docket/pkg/dockettest"
	"github.com/docket-run/docket/pkg/events"
)

// wantRetention is the retention.ms the apply must set on topic t with the
// default flags.
func wantRetention(t string) string {
	switch {
	case t == events.TopicLedger, t == events.TopicLedgerCheckpoints, t == events.TopicAudit:
		return "-1"
	case strings.HasSuffix(t, ".retry"):
		return "604800000" // 7 days
	case strings.HasSuffix(t, ".dlq"):
		return "2592000000" // 30 days
	default:
		return "1209600000" // 14 days
	}
}

// checkTopics asserts that every Docket topic exists with partitions
// partitions and the desired configs of a --dev apply.
func checkTopics(t *testing.T, adm *kadm.Client, partitions int) {
	t.Helper()
	ctx := context.Background()
	names := devstack.Topics()
	details, err := adm.ListTopics(ctx, names...)
	if err != nil {
		t.Fatalf("list topics: %v", err)
	}
	rcs, err := adm.DescribeTopicConfigs(ctx, names...)
	if err != nil {
		t.Fatalf("describe configs: %v", err)
	}
	for _, name := range names {
		d := details[name]
		if d.Err != nil {
			t.Errorf("%s: %v", name, d.Err)
			continue
		}
		if got := len(d.Partitions); got != partitions {
			t.Errorf("%s: %d partitions, want %d", name, got, partitions)
		}
		rc, err := rcs.On(name, nil)
		if err != nil || rc.Err != nil {
			t.Errorf("%s: configs: %v %v", name, err, rc.Err)
			continue
		}
		got := map[string]string{}
		for _, c := range rc.Configs {
			got[c.Key] = c.MaybeValue()
		}
		want := map[string]string{
			"retention.ms":        wantRetention(name),
			"retention.bytes":     "-1",
			"cleanup.policy":      "delete",
			"min.insync.replicas": "1",
		}
		for k, v := range want {
			if got[k] != v {
				t.Errorf("%s: %s = %q, want %q", name, k, got[k], v)
			}
		}
	}
}

// applyCounts runs `docket admin topics apply` and returns its summary
// counts and full output.
func applyCounts(t *testing.T, brokers string, extra ...string) (created, updated, unchanged int, out string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	args := append([]string{"admin", "topics", "apply", "--dev", "--partitions", "3", "--brokers", brokers}, extra...)
	if code := Main(context.Background(), args, &stdout, &stderr); code != 0 {
		t.Fatalf("topics apply: exit %d: %s", code, stderr.String())
	}
	m := regexp.MustCompile(`created=(\d+) updated=(\d+) unchanged=(\d+)`).FindStringSubmatch(stdout.String())
	if m == nil {
		t.Fatalf("no summary in output:\n%s", stdout.String())
	}
	fmt.Sscan(m[1], &created)
	fmt.Sscan(m[2], &updated)
	fmt.Sscan(m[3], &unchanged)
	return created, updated, unchanged, stdout.String()
}

// line returns the output line of topic.
func line(out, topic string) string {
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, topic+" ") {
			return l
		}
	}
	return ""
}

func TestTopicsApply(t *testing.T) {
	k := dockettest.NewKafka(t, 1, nil)
	adm := kadm.NewClient(k.Client(t))
	brokers := strings.Join(k.Addrs, ",")
	all := len(devstack.Topics())
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()

	// First apply: every topic is created with its configs.
	if c, u, n, out := applyCounts(t, brokers); c != all || u != 0 || n != 0 {
		t.Fatalf("first apply: created=%d updated=%d unchanged=%d, want %d/0/0:\n%s", c, u, n, all, out)
	}
	checkTopics(t, adm, 3)

	// Second apply: nothing to do.
	if c, u, n, out := applyCounts(t, brokers); c != 0 || u != 0 || n != all {
		t.Fatalf("second apply: created=%d updated=%d unchanged=%d, want 0/0/%d:\n%s", c, u, n, all, out)
	}

	// Drift: the ledger loses its infinite retention, a DLQ becomes
	// compacted, and extracted is recreated with a single partition and the
	// broker's default configs.
	drift := []kadm.AlterConfig{{Op: kadm.SetConfig, Name: "retention.ms", Value: kadm.StringPtr("3600000")}}
	if _, err := adm.AlterTopicConfigs(ctx, drift, events.TopicLedger); err != nil {
		t.Fatalf("drift ledger: %v", err)
	}
	dlq := events.DLQTopic(events.ServiceOCR)
	compact := []kadm.AlterConfig{{Op: kadm.SetConfig, Name: "cleanup.policy", Value: kadm.StringPtr("compact")}}
	if _, err := adm.AlterTopicConfigs(ctx, compact, dlq); err != nil {
		t.Fatalf("drift dlq: %v", err)
	}
	if resp, err := adm.DeleteTopics(ctx, events.TopicExtracted); err != nil || resp.Error() != nil {
		t.Fatalf("delete %s: %v %v", events.TopicExtracted, err, resp.Error())
	}
	if err := k.Cluster.CreateTopic(events.TopicExtracted, 1, nil); err != nil {
		t.Fatalf("recreate %s: %v", events.TopicExtracted, err)
	}

	// A dry run reports the three repairs and changes nothing.
	if c, u, n, out := applyCounts(t, brokers, "--dry-run"); c != 0 || u != 3 || n != all-3 || !strings.Contains(out, "(dry run)") {
		t.Fatalf("dry run: created=%d updated=%d unchanged=%d, want 0/3/%d:\n%s", c, u, n, all-3, out)
	}

	c, u, n, out := applyCounts(t, brokers)
	if c != 0 || u != 3 || n != all-3 {
		t.Fatalf("repair: created=%d updated=%d unchanged=%d, want 0/3/%d:\n%s", c, u, n, all-3, out)
	}
	for topic, want := range map[string][]string{
		events.TopicLedger:    {"updated", "retention.ms 3600000 -> -1"},
		dlq:                   {"updated", "cleanup.policy compact -> delete"},
		events.TopicExtracted: {"updated", "partitions 1 -> 3", "retention.ms 604800000 -> 1209600000"},
	} {
		l := line(out, topic)
		for _, w := range want {
			if !strings.Contains(l, w) {
				t.Errorf("%s: line %q lacks %q", topic, l, w)
			}
		}
	}
	if !strings.Contains(out, "note: new partitions move keys") {
		t.Errorf("growing partitions printed no warning:\n%s", out)
	}
	checkTopics(t, adm, 3)

	// Fewer desired partitions than present: reported, never shrunk.
	var stdout, stderr bytes.Buffer
	args := []string{"admin", "topics", "apply", "--dev", "--partitions", "2", "--brokers", brokers}
	if code := Main(ctx, args, &stdout, &stderr); code != 0 {
		t.Fatalf("apply --partitions 2: exit %d: %s", code, stderr.String())
	}
	if l := line(stdout.String(), events.TopicLedger); !strings.Contains(l, "unchanged") || !strings.Contains(l, "has 3 partitions, more than 2") {
		t.Errorf("shrink request: ledger line %q", l)
	}
	checkTopics(t, adm, 3)

	// And once more at the original size: nothing to do.
	if c, u, n, out := applyCounts(t, brokers); c != 0 || u != 0 || n != all {
		t.Fatalf("final apply: created=%d updated=%d unchanged=%d, want 0/0/%d:\n%s", c, u, n, all, out)
	}
}

// TestTopicsApplyKeepsMinISRWithinReplication applies the production
// defaults (replication 3, min.insync.replicas 2) to topics a --dev apply
// created with one replica: their replication factor is left as is, so
// raising min.insync.replicas above it would make them refuse every
// acks=all write; it must be left as is too, and said.
func TestTopicsApplyKeepsMinISRWithinReplication(t *testing.T) {
	k := dockettest.NewKafka(t, 1, nil)
	adm := kadm.NewClient(k.Client(t))
	brokers := strings.Join(k.Addrs, ",")
	applyCounts(t, brokers)

	var stdout, stderr bytes.Buffer
	args := []string{"admin", "topics", "apply", "--partitions", "3", "--brokers", brokers}
	if code := Main(context.Background(), args, &stdout, &stderr); code != 0 {
		t.Fatalf("topics apply: exit %d: %s", code, stderr.String())
	}
	checkTopics(t, adm, 3)
	if l := line(stdout.String(), events.TopicLedger); !strings.Contains(l, "min.insync.replicas 2 is above the replication factor 1: left as is") {
		t.Errorf("ledger line %q does not say min.insync.replicas was left as is", l)
	}
}

func TestTopicsApplyUsage(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"min isr above replication", []string{"--replication-factor", "1", "--min-insync-replicas", "2"}, "min.insync.replicas 2: want 1 to the replication factor 1"},
		{"zero partitions", []string{"--partitions", "0"}, "partitions 0: want at least 1"},
		{"not a number", []string{"--partitions", "six"}, `partitions "six"`},
		{"argument", []string{"extra"}, "takes no arguments"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			code := Main(context.Background(), append([]string{"admin", "topics", "apply", "--brokers", "127.0.0.1:1"}, tt.args...), &out, &errOut)
			if code != 2 || !strings.Contains(errOut.String(), tt.want) {
				t.Errorf("exit %d, stderr %q; want exit 2 containing %q", code, errOut.String(), tt.want)
			}
		})
	}
}

func TestDesiredTopics(t *testing.T) {
	pol := topicPolicy{Partitions: 6, ReplicationFactor: 3, MinInsyncReplicas: 2, Retention: defaultRetention, RetryRetention: defaultRetryRetention, DLQRetention: defaultDLQRetention}
	specs := desiredTopics(pol)
	if len(specs) != len(devstack.Topics()) {
		t.Fatalf("%d topics, want %d", len(specs), len(devstack.Topics()))
	}
	for _, s := range specs {
		if s.Partitions != 6 || s.ReplicationFactor != 3 {
			t.Errorf("%s: partitions %d replication %d, want 6 and 3", s.Name, s.Partitions, s.ReplicationFactor)
		}
		if got, want := s.Configs["retention.ms"], wantRetention(s.Name); got != want {
			t.Errorf("%s: retention.ms %s, want %s", s.Name, got, want)
		}
		if s.Configs["min.insync.replicas"] != "2" || s.Configs["cleanup.policy"] != "delete" {
			t.Errorf("%s: configs %v", s.Name, s.Configs)
		}
	}
}
