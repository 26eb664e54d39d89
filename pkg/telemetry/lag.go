package telemetry

import (
	"strconv"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/twmb/franz-go/pkg/kgo"
)

// ConsumerLag is docket_consumer_lag{topic,partition}: offsets of an
// assigned partition not yet polled, as of the latest poll that returned
// its records — the partition's last stable offset (its high watermark
// without one) minus the offset after the last record polled. Transaction
// markers take offsets, so a transactional partition at rest shows about 1.
type ConsumerLag struct{ g *prometheus.GaugeVec }

// NewConsumerLag registers the gauge with constant labels c on reg.
func NewConsumerLag(reg prometheus.Registerer, c prometheus.Labels) (*ConsumerLag, error) {
	g := prometheus.NewGaugeVec(prometheus.GaugeOpts{
		Namespace: "docket", Subsystem: "consumer", Name: "lag", ConstLabels: c,
		Help: "Offsets of an assigned partition not yet polled, as of the latest poll that returned its records: its last stable offset minus the offset after the last record polled. Transaction markers take offsets, so a transactional topic at rest shows about 1.",
	}, []string{"topic", "partition"})
	if err := reg.Register(g); err != nil {
		return nil, err
	}
	return &ConsumerLag{g: g}, nil
}

// Observe sets the lag of every partition fetches returned records of.
func (l *ConsumerLag) Observe(fetches kgo.Fetches) {
	fetches.EachPartition(func(p kgo.FetchTopicPartition) {
		if len(p.Records) == 0 {
			return
		}
		end := p.LastStableOffset
		if end < 0 {
			end = p.HighWatermark
		}
		next := p.Records[len(p.Records)-1].Offset + 1
		l.g.WithLabelValues(p.Topic, strconv.Itoa(int(p.Partition))).Set(float64(max(0, end-next)))
	})
}

// Forget drops the lag of partitions no longer assigned.
func (l *ConsumerLag) Forget(parts map[string][]int32) {
	for topic, ps := range parts {
		for _, p := range ps {
			l.g.DeleteLabelValues(topic, strconv.Itoa(int(p)))
		}
	}
}
