package classifier

import (
	"context"
	"fmt"
	"log/slog"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/docket-run/docket/services/classifier/internal/classify"
	"github.com/docket-run/docket/services/classifier/models"
)

// Registry is what the classifier needs of the model registry.
type Registry interface {
	Seed(ctx context.Context, file []byte, now time.Time) (string, error)
	State(ctx context.Context) (models.State, error)
	File(ctx context.Context, version string) ([]byte, error)
}

var _ Registry = (*models.Registry)(nil)

// watchModels registers the embedded model (active when no version is),
// loads the registry's active and shadow versions, and reads the registry
// again every poll until ctx ends, so that a promotion, a rollback or a
// new shadow takes effect without a restart. Shadow agreement is counted
// in docket_classifier_shadow_agreement_total on reg.
func watchModels(ctx context.Context, r Registry, poll time.Duration, reg prometheus.Registerer, log *slog.Logger) (*classify.Live, error) {
	agreement := prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "docket_classifier_shadow_agreement_total",
		Help: "Documents the shadow model classified beside the active one, by whether both chose the same type.",
	}, []string{"agree"})
	if err := reg.Register(agreement); err != nil {
		return nil, fmt.Errorf("register model metrics: %w", err)
	}
	if _, err := r.Seed(ctx, ModelJSON, time.Now()); err != nil {
		return nil, fmt.Errorf("seed model registry: %w", err)
	}
	w := &modelWatch{reg: r, log: log.With("component", "models")}
	w.observe = func(s classify.Shadowed) {
		agreement.WithLabelValues(strconv.FormatBool(s.Agree())).Inc()
		w.log.Debug("shadow classified", "active_version", s.Active.Version, "shadow_version", s.Shadow.Version,
			"document_type", s.ActiveType, "shadow_type", s.ShadowType, "agree", s.Agree())
	}
	live, err := w.load(ctx, nil)
	if err != nil {
		return nil, err
	}
	go func() {
		t := time.NewTicker(poll)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
				if _, err := w.load(ctx, live); err != nil && ctx.Err() == nil {
					w.log.Warn("model registry not read; keeping the models in use", "error", err)
				}
			}
		}
	}()
	return live, nil
}

type modelWatch struct {
	reg     Registry
	log     *slog.Logger
	observe func(classify.Shadowed)
}

// load reads the registry's state and sets live's models to it when they
// differ; with live nil it returns a new Live.
func (w *modelWatch) load(ctx context.Context, live *classify.Live) (*classify.Live, error) {
	st, err := w.reg.State(ctx)
	if err != nil {
		return nil, err
	}
	var curActive, curShadow string
	if live != nil {
		if curActive, curShadow = live.Versions(); curActive == st.Active && curShadow == st.Shadow {
			return live, nil
		}
	}
	active, err := w.model(ctx, st.Active)
	if err != nil {
		return nil, err
	}
	var shadow *classify.BuiltIn
	if st.Shadow != "" {
		if shadow, err = w.model(ctx, st.Shadow); err != nil {
			return nil, err
		}
	}
	if live == nil {
		live = classify.NewLive(active, w.observe)
	}
	live.Set(active, shadow)
	w.log.Info("models in use", "active_version", st.Active, "shadow_version", st.Shadow,
		"previous_active", curActive, "previous_shadow", curShadow)
	return live, nil
}

func (w *modelWatch) model(ctx context.Context, version string) (*classify.BuiltIn, error) {
	b, err := w.reg.File(ctx, version)
	if err != nil {
		return nil, err
	}
	m, err := classify.NewBuiltIn(b)
	if err != nil {
		return nil, fmt.Errorf("model %s: %w", version, err)
	}
	return m, nil
}
