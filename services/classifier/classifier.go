// Package classifier is Docket's classifier service: it consumes
// docket.document.extracted, decides the document's type with a calibrated
// confidence, finds personal data, applies the tenant's policy, and emits
// docket.document.classified or, when the confidence is under the tenant's
// threshold or a rule demands it, docket.review.requested.
//
// The built-in model (model/model.json, embedded) runs offline; it is
// trained from corpus/ by make model:
//
//	go run ./cmd/train -corpus corpus -unseen internal/classify/testdata/unseen -out model/model.json -metrics model/metrics.json
//
// A decision whose conformal prediction set holds more than one type, or
// none, goes to review with reason ambiguous_type.
//
// The embedded model is the first version of a registry (package models)
// that operators change with `docket model ...` through the model API on
// the ops server; the service decides with the registry's active version,
// runs its shadow beside it, and keeps each review that corrected it as a
// labelled example for the next retrain.
//
// An LLM behind an OpenAI-compatible chat completions endpoint can replace
// it (DOCKET_CLASSIFIER_LLM_URL). DOCKET_CLASSIFIER_ENGINE=noop (off by
// default) replaces it with a classifier that reads nothing and answers
// "other" with confidence 1: for benchmarks of the platform only.
package classifier

import (
	"context"
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/docket-run/docket/pkg/blob"
	"github.com/docket-run/docket/pkg/bus"
	"github.com/docket-run/docket/pkg/cancel"
	platform "github.com/docket-run/docket/pkg/config"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/pii"
	"github.com/docket-run/docket/pkg/retry"
	"github.com/docket-run/docket/pkg/service"
	"github.com/docket-run/docket/services/classifier/internal/classify"
	"github.com/docket-run/docket/services/classifier/internal/handler"
	"github.com/docket-run/docket/services/classifier/internal/llm"
	"github.com/docket-run/docket/services/classifier/internal/modelapi"
	"github.com/docket-run/docket/services/classifier/internal/policy"
	"github.com/docket-run/docket/services/classifier/models"
)

// Name is the service name.
const Name = events.ServiceClassifier

// Version is the service's build version.
const Version = "0.1.0"

// ModelJSON is the built-in model file.
//
//go:embed model/model.json
var ModelJSON []byte

// Config holds the classifier's own settings.
type Config struct {
	// Engine selects the classifier: "builtin" (the offline model, or the
	// LLM when DOCKET_CLASSIFIER_LLM_URL is set; the default) or "noop",
	// which reads nothing and answers type "other" with confidence 1 — for
	// benchmarks of the platform only.
	Engine string `env:"DOCKET_CLASSIFIER_ENGINE" envDefault:"builtin"`
	// PolicyFile is a JSON policy keyed by tenant; empty means the built-in
	// default policy.
	PolicyFile string `env:"DOCKET_CLASSIFIER_POLICY_FILE"`
	// MaxTextBytes caps the text classified; longer text is truncated.
	MaxTextBytes int64 `env:"DOCKET_CLASSIFIER_MAX_TEXT_BYTES" envDefault:"5242880"`
	// LLMURL turns the LLM classifier on: an OpenAI-compatible API base.
	LLMURL     string        `env:"DOCKET_CLASSIFIER_LLM_URL"`
	LLMModel   string        `env:"DOCKET_CLASSIFIER_LLM_MODEL"`
	LLMAPIKey  string        `env:"DOCKET_CLASSIFIER_LLM_API_KEY"`
	LLMTimeout time.Duration `env:"DOCKET_CLASSIFIER_LLM_TIMEOUT" envDefault:"30s"`
	// LLMBudget is how long the LLM endpoint may keep failing before the
	// built-in model answers in its place, the decision marked degraded;
	// until then a failure is retried and redelivered as usual. An answer
	// the LLM gives that cannot be used falls back at once.
	LLMBudget time.Duration `env:"DOCKET_CLASSIFIER_LLM_BUDGET" envDefault:"2m"`
	// ModelPoll is how often the model registry is read for a promoted,
	// rolled back or shadow version.
	ModelPoll time.Duration `env:"DOCKET_CLASSIFIER_MODEL_POLL" envDefault:"5s"`
	// TokensFile and Tokens name the principals of the model API (served
	// on the ops server, DOCKET_OPS_ADDR): a pkg/auth token file, or
	// "token=principal,..." inline. Only operators may use it.
	TokensFile string `env:"DOCKET_CLASSIFIER_TOKENS_FILE"`
	Tokens     string `env:"DOCKET_CLASSIFIER_TOKENS"`
}

// Engines of DOCKET_CLASSIFIER_ENGINE.
const (
	EngineBuiltIn = "builtin"
	EngineNoop    = "noop"
)

// BuiltInTimeout bounds one attempt of the built-in classifier on a text
// handled as a job. Its rules read at most 256 KiB (layout.MaxRuleBytes),
// seconds of work at worst on an idle machine; a minute was too little
// for a megabyte on one line beside nine other large texts on two busy
// cores (found from outside: two attempts ran out, the third passed).
const BuiltInTimeout = 5 * time.Minute

// QuickTextBytes is the largest text the built-in classifier handles in
// its batch's transaction: its rules and model take under a second for it
// even when every line is numbers (they cost up to 35 µs a byte), within
// the inline try's two seconds.
const QuickTextBytes = 32 << 10

// maxTextLimit bounds DOCKET_CLASSIFIER_MAX_TEXT_BYTES.
const maxTextLimit = 64 << 20

// LoadConfig reads the settings from the environment and validates them.
func LoadConfig() (Config, error) {
	var c Config
	err := platform.ParseEnv(&c, "")
	return c, errors.Join(err, c.Validate())
}

// Validate reports every bad field at once.
func (c Config) Validate() error {
	var errs []error
	switch c.Engine {
	case EngineBuiltIn:
	case EngineNoop:
		if c.LLMURL != "" {
			errs = append(errs, errors.New("DOCKET_CLASSIFIER_ENGINE=noop excludes DOCKET_CLASSIFIER_LLM_URL"))
		}
	default:
		errs = append(errs, fmt.Errorf("DOCKET_CLASSIFIER_ENGINE %q: want %s or %s", c.Engine, EngineBuiltIn, EngineNoop))
	}
	if c.MaxTextBytes < 1 || c.MaxTextBytes > maxTextLimit {
		errs = append(errs, fmt.Errorf("DOCKET_CLASSIFIER_MAX_TEXT_BYTES %d: want 1..%d", c.MaxTextBytes, maxTextLimit))
	}
	if c.ModelPoll <= 0 {
		errs = append(errs, fmt.Errorf("DOCKET_CLASSIFIER_MODEL_POLL %s: want > 0", c.ModelPoll))
	}
	if c.LLMURL != "" {
		if u, err := url.Parse(c.LLMURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			errs = append(errs, fmt.Errorf("DOCKET_CLASSIFIER_LLM_URL %q: want an http(s) URL", c.LLMURL))
		}
		if c.LLMModel == "" {
			errs = append(errs, errors.New("DOCKET_CLASSIFIER_LLM_MODEL is required with DOCKET_CLASSIFIER_LLM_URL"))
		}
		if c.LLMTimeout <= 0 {
			errs = append(errs, fmt.Errorf("DOCKET_CLASSIFIER_LLM_TIMEOUT %s: want > 0", c.LLMTimeout))
		}
		if c.LLMBudget < 0 {
			errs = append(errs, fmt.Errorf("DOCKET_CLASSIFIER_LLM_BUDGET %s: want >= 0", c.LLMBudget))
		}
	}
	return errors.Join(errs...)
}

// Engine builds the decision engine of c: the built-in model (live: the
// registry's versions; nil: the embedded model), the LLM or the no-op
// classifier, and the policy. It reports whether the classifier is remote.
// An LLM is backed by the built-in model (classify.Fallback); degraded,
// when set, is called with the reason of each decision the fallback made.
func Engine(c Config, live *classify.Live, degraded func(reason string)) (*classify.Engine, bool, error) {
	if live == nil {
		b, err := classify.NewBuiltIn(ModelJSON)
		if err != nil {
			return nil, false, err
		}
		live = classify.NewLive(b, nil)
	}
	types := live.Types()
	pol, polVersion := policy.Default(), "builtin"
	if c.PolicyFile != "" {
		b, err := os.ReadFile(c.PolicyFile)
		if err != nil {
			return nil, false, fmt.Errorf("DOCKET_CLASSIFIER_POLICY_FILE: %w", err)
		}
		if pol, err = policy.Parse(b, types, pii.Kinds); err != nil {
			return nil, false, fmt.Errorf("DOCKET_CLASSIFIER_POLICY_FILE %s: %w", c.PolicyFile, err)
		}
		sum := sha256.Sum256(b)
		polVersion = hex.EncodeToString(sum[:6])
	}
	var clf classify.Classifier = live
	remote := false
	switch {
	case c.Engine == EngineNoop:
		clf = classify.Noop{Type: classify.TypeOther}
	case c.LLMURL != "":
		remoteClf, err := llm.New(llm.Config{URL: c.LLMURL, Model: c.LLMModel, APIKey: c.LLMAPIKey, Types: types,
			Client: &http.Client{Timeout: c.LLMTimeout}})
		if err != nil {
			return nil, false, err
		}
		clf, remote = classify.NewFallback(remoteClf, live, c.LLMBudget, nil, degraded), true
	}
	return classify.NewEngine(clf, pol, polVersion), remote, nil
}

// Spec returns the service.
func Spec() service.Spec {
	return service.Spec{
		Name:     Name,
		Version:  Version,
		Consumes: []string{events.TopicExtracted, events.TopicReviewDecided, events.TopicControl},
		Produces: []string{events.TopicClassified, events.TopicReviewRequested, events.TopicSteps, events.TopicAudit},
		Setup: func(ctx context.Context, d *service.Deps, rt *bus.Runtime) error {
			if err := rt.Configure(bus.CancelCheck(cancel.New(d.Redis))); err != nil {
				return err
			}
			c, err := LoadConfig()
			if err != nil {
				return err
			}
			reg := prometheus.NewRegistry()
			if d.Ops != nil {
				reg = d.Ops.Registry
			}
			degraded := prometheus.NewCounterVec(prometheus.CounterOpts{
				Name: "docket_classifier_degraded_total",
				Help: "Decisions the built-in model made in place of the LLM classifier (completed degraded), by reason: llm_unavailable past DOCKET_CLASSIFIER_LLM_BUDGET, llm_answer_unusable.",
			}, []string{"reason"})
			if err := reg.Register(degraded); err != nil {
				return fmt.Errorf("register classifier metrics: %w", err)
			}
			registry, examples := models.NewRegistry(d.Redis), models.NewExamples(d.Redis)
			live, err := watchModels(ctx, registry, c.ModelPoll, reg, d.Log)
			if err != nil {
				return err
			}
			eng, remote, err := Engine(c, live, func(reason string) { degraded.WithLabelValues(reason).Inc() })
			if err != nil {
				return err
			}
			store, err := blob.Open(ctx, d.Platform.BlobURL)
			if err != nil {
				return fmt.Errorf("open blob store: %w", err)
			}
			go func() {
				<-ctx.Done()
				_ = store.Close()
			}()
			if err := serveModelAPI(ctx, c, d, &modelapi.Server{
				Registry: registry, Examples: examples, Texts: store, Log: d.Log.With("component", "model_api"), Now: time.Now,
				Producer: events.Producer{Service: Name, Version: Version},
			}); err != nil {
				return err
			}
			h := handler.New(store, eng, c.MaxTextBytes, remote, examples, time.Now)
			policy := bus.Retry(retry.Policy{Attempts: 3, Initial: 100 * time.Millisecond, Max: time.Second, Multiplier: 2})
			if remote {
				// A model behind an API answers in seconds, or a minute
				// when it is busy: a long step, worked outside any Kafka
				// transaction under a lease, so a slow answer never holds
				// a transaction open (or gets the producer fenced).
				bus.HandleLong(rt, events.TopicExtracted, h.Handle, policy, bus.Timeout(max(time.Minute, c.LLMTimeout+10*time.Second)))
			} else {
				// The built-in model's time grows with the text (seconds for
				// megabytes): a text up to QuickTextBytes is handled in its
				// batch, a longer one is a job, so that no large text holds
				// a transaction open (found from outside: a 12 MB text kept
				// one open 29 s against a 10 s timeout).
				bus.HandleLong(rt, events.TopicExtracted, h.Handle, policy, bus.Timeout(BuiltInTimeout),
					bus.Quick(func(in *events.DocumentExtracted) bool { return in.Text.SizeBytes <= QuickTextBytes }))
			}
			bus.Handle(rt, events.TopicReviewDecided, h.Decided, policy)
			bus.Handle(rt, events.TopicControl, h.Control, policy)
			d.Log.Info("classifier ready", "engine", c.Engine, "policy_file", c.PolicyFile, "max_text_bytes", c.MaxTextBytes, "llm", c.LLMURL != "")
			return nil
		},
	}
}
