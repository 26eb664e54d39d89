package classifier

import (
	"context"
	"embed"
	"fmt"
	"io/fs"
	"net"

	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/docket-run/docket/pkg/auth"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/service"
	"github.com/docket-run/docket/services/classifier/internal/modelapi"
)

// corpusFS holds the base training corpora, which `docket model retrain`
// trains every candidate on beside the reviewers' corrections: the
// generated corpus and the field documents (as `make model` does).
//
//go:embed corpus field
var corpusFS embed.FS

// serveModelAPI mounts the model API (internal/modelapi) on the ops
// server under /v1/models, for operators only. Without principals
// (DOCKET_CLASSIFIER_TOKENS_FILE) it is mounted only where the ops server
// is loopback or DOCKET_INSECURE is set; elsewhere it stays off, with a
// warning, and the classifier runs on.
func serveModelAPI(ctx context.Context, c Config, d *service.Deps, s *modelapi.Server) error {
	if d.Ops == nil {
		return nil
	}
	principals, err := auth.Load(auth.Settings{File: c.TokensFile, Inline: c.Tokens, KeyFile: d.Platform.AuthKeyFile, Log: s.Log})
	if err != nil {
		return fmt.Errorf("model API principals: %w", err)
	}
	addr, err := net.ResolveTCPAddr("tcp", d.Platform.OpsAddr)
	if err != nil {
		return fmt.Errorf("model API: DOCKET_OPS_ADDR %q: %w", d.Platform.OpsAddr, err)
	}
	if err := auth.CheckExposure(s.Log, "the classifier's model API", addr, principals != nil, d.Platform.Insecure,
		"set DOCKET_CLASSIFIER_TOKENS_FILE (or _TOKENS)"); err != nil {
		s.Log.Warn("model API off", "error", err)
		return nil
	}
	cl, err := kgo.NewClient(d.Kafka...)
	if err != nil {
		return fmt.Errorf("model API audit producer: %w", err)
	}
	context.AfterFunc(ctx, cl.Close)
	for _, dir := range []string{"corpus", "field"} {
		sub, err := fs.Sub(corpusFS, dir)
		if err != nil {
			return fmt.Errorf("embedded %s corpus: %w", dir, err)
		}
		s.Corpus = append(s.Corpus, sub)
	}
	s.Auth, s.Audit = principals, &emitter{cl: cl, enc: d.Serde}
	h := s.Handler()
	d.Ops.Handle("/v1/models", h)
	d.Ops.Handle("/v1/models/", h)
	return nil
}

// Encoder encodes an event for a topic in the registry's wire format.
type Encoder interface {
	Encode(topic string, e events.Event) ([]byte, error)
}

// emitter produces events, each acknowledged by every in-sync replica.
type emitter struct {
	cl  *kgo.Client
	enc Encoder
}

func (em *emitter) Emit(ctx context.Context, topic string, e events.Event) error {
	v, err := em.enc.Encode(topic, e)
	if err != nil {
		return fmt.Errorf("encode %s event: %w", topic, err)
	}
	rec := &kgo.Record{Topic: topic, Key: []byte(e.EventMeta().WorkflowID), Value: v}
	if err := em.cl.ProduceSync(ctx, rec).FirstErr(); err != nil {
		return fmt.Errorf("produce %s event: %w", topic, err)
	}
	return nil
}
