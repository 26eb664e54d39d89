// Package models keeps the built-in classifier's model versions and the
// examples reviewers teach it, and retrains it.
//
// The registry (Registry) holds every model file under its version, the
// SHA-256 of its bytes; one version is active (the classifier decides
// with it), at most one is a shadow (the classifier also runs it on live
// traffic, acts on nothing it says and counts agreement), and the
// previously active versions are kept newest first so that a rollback is
// one step. Examples are the corrected reviews (Examples). Both live in
// Redis under the classifier's keys; the classifier reads the registry,
// the operator commands (docket model ...) change it.
package models

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/docket-run/docket/services/classifier/internal/textmodel"
)

// Prefix is the default prefix of the registry's and examples' keys.
const Prefix = "docket:classifier:models:"

// maxHistory bounds the previously active versions kept for rollback.
const maxHistory = 50

// Errors.
var (
	// ErrUnknownVersion: no registered version matches.
	ErrUnknownVersion = errors.New("unknown model version")
	// ErrNoPrevious: nothing was active before the active version.
	ErrNoPrevious = errors.New("no previous active model to roll back to")
)

// Info describes a registered version.
type Info struct {
	Version string    `json:"version"`
	AddedAt time.Time `json:"added_at"`
	// Source says where it came from: SourceBuiltin or SourceRetrain.
	Source string `json:"source"`
	// DataSHA256 is the digest of its training data.
	DataSHA256 string `json:"data_sha256"`
	// Examples is how many corrected reviews it was trained on.
	Examples int `json:"examples"`
	// Eval is its evaluation on the held-out data when it was trained.
	Eval *Eval `json:"eval,omitempty"`
}

// Sources of a version.
const (
	// SourceBuiltin is the model file embedded in a classifier build.
	SourceBuiltin = "builtin"
	// SourceRetrain is a candidate of docket model retrain.
	SourceRetrain = "retrain"
)

// State is which versions are in use.
type State struct {
	Active, Shadow string
	// Previous are the versions active before, newest first.
	Previous []string
}

// Registry is the model registry on Redis.
type Registry struct {
	rdb    redis.Cmdable
	prefix string
}

// NewRegistry returns the registry stored in rdb under Prefix.
func NewRegistry(rdb redis.Cmdable) *Registry { return &Registry{rdb: rdb, prefix: Prefix} }

func (r *Registry) key(s string) string { return r.prefix + s }

// Add stores a model file and returns its version. A file already
// registered keeps its first Info.
func (r *Registry) Add(ctx context.Context, file []byte, info Info) (string, error) {
	m, err := textmodel.Load(file)
	if err != nil {
		return "", err
	}
	info.Version, info.DataSHA256 = m.Version(), m.DataSHA256()
	b, err := json.Marshal(info)
	if err != nil {
		return "", fmt.Errorf("encode model info: %w", err)
	}
	if _, err := r.rdb.TxPipelined(ctx, func(p redis.Pipeliner) error {
		p.HSet(ctx, r.key("files"), info.Version, file)
		p.HSetNX(ctx, r.key("info"), info.Version, b)
		return nil
	}); err != nil {
		return "", fmt.Errorf("register model %s: %w", info.Version, err)
	}
	return info.Version, nil
}

// Seed registers file as the builtin model (the one embedded in this
// build) and returns the active version. The builtin model becomes active
// when no version is, or when the active one is the builtin model of
// another build (an upgrade ships a new model; the old one is kept as the
// previous version). A version an operator promoted stays active.
func (r *Registry) Seed(ctx context.Context, file []byte, now time.Time) (string, error) {
	v, err := r.Add(ctx, file, Info{AddedAt: now.UTC(), Source: SourceBuiltin})
	if err != nil {
		return "", err
	}
	if err := r.rdb.SetNX(ctx, r.key("active"), v, 0).Err(); err != nil {
		return "", fmt.Errorf("seed active model: %w", err)
	}
	st, err := r.State(ctx)
	if err != nil || st.Active == v {
		return st.Active, err
	}
	b, err := r.rdb.HGet(ctx, r.key("info"), st.Active).Bytes()
	if err != nil {
		return "", fmt.Errorf("read model info %s: %w", st.Active, err)
	}
	var active Info
	if err := json.Unmarshal(b, &active); err != nil {
		return "", fmt.Errorf("decode model info %s: %w", st.Active, err)
	}
	if active.Source != SourceBuiltin {
		return st.Active, nil
	}
	if _, err := r.Promote(ctx, v); err != nil {
		return "", err
	}
	return v, nil
}

// State returns the active, shadow and previous versions.
func (r *Registry) State(ctx context.Context) (State, error) {
	var active, shadow *redis.StringCmd
	var prev *redis.StringSliceCmd
	if _, err := r.rdb.Pipelined(ctx, func(p redis.Pipeliner) error {
		active, shadow = p.Get(ctx, r.key("active")), p.Get(ctx, r.key("shadow"))
		prev = p.LRange(ctx, r.key("previous"), 0, -1)
		return nil
	}); err != nil && !errors.Is(err, redis.Nil) {
		return State{}, fmt.Errorf("read model registry: %w", err)
	}
	return State{Active: active.Val(), Shadow: shadow.Val(), Previous: prev.Val()}, nil
}

// List returns every registered version, oldest first.
func (r *Registry) List(ctx context.Context) ([]Info, error) {
	raw, err := r.rdb.HGetAll(ctx, r.key("info")).Result()
	if err != nil {
		return nil, fmt.Errorf("list models: %w", err)
	}
	out := make([]Info, 0, len(raw))
	for v, b := range raw {
		var in Info
		if err := json.Unmarshal([]byte(b), &in); err != nil {
			return nil, fmt.Errorf("decode model info %s: %w", v, err)
		}
		out = append(out, in)
	}
	sort.Slice(out, func(i, j int) bool {
		if !out[i].AddedAt.Equal(out[j].AddedAt) {
			return out[i].AddedAt.Before(out[j].AddedAt)
		}
		return out[i].Version < out[j].Version
	})
	return out, nil
}

// File returns the model file of version.
func (r *Registry) File(ctx context.Context, version string) ([]byte, error) {
	b, err := r.rdb.HGet(ctx, r.key("files"), version).Bytes()
	if errors.Is(err, redis.Nil) {
		return nil, fmt.Errorf("%w: %s", ErrUnknownVersion, version)
	}
	if err != nil {
		return nil, fmt.Errorf("read model %s: %w", version, err)
	}
	return b, nil
}

// Resolve returns the registered version that prefix begins (at least 8
// hex digits, or the whole version).
func (r *Registry) Resolve(ctx context.Context, prefix string) (string, error) {
	if len(prefix) < 8 {
		return "", fmt.Errorf("%w: %q (give at least 8 digits)", ErrUnknownVersion, prefix)
	}
	vs, err := r.rdb.HKeys(ctx, r.key("files")).Result()
	if err != nil {
		return "", fmt.Errorf("list model versions: %w", err)
	}
	var found []string
	for _, v := range vs {
		if strings.HasPrefix(v, prefix) {
			found = append(found, v)
		}
	}
	switch len(found) {
	case 1:
		return found[0], nil
	case 0:
		return "", fmt.Errorf("%w: %s", ErrUnknownVersion, prefix)
	}
	return "", fmt.Errorf("%w: %s is ambiguous (%d versions)", ErrUnknownVersion, prefix, len(found))
}

// promoteScript makes ARGV[1] active, pushing the active version onto the
// previous ones and clearing the shadow when it is the promoted version.
// It answers the version active before, or an error reply.
var promoteScript = redis.NewScript(`
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 0 then return redis.error_reply('MODEL_UNKNOWN') end
local cur = redis.call('GET', KEYS[2])
if cur ~= ARGV[1] then
  if cur then
    redis.call('LPUSH', KEYS[4], cur)
    redis.call('LTRIM', KEYS[4], 0, tonumber(ARGV[2]) - 1)
  end
  redis.call('SET', KEYS[2], ARGV[1])
end
if redis.call('GET', KEYS[3]) == ARGV[1] then redis.call('DEL', KEYS[3]) end
return cur or ''
`)

// Promote makes version active and returns the version active before.
func (r *Registry) Promote(ctx context.Context, version string) (string, error) {
	prev, err := promoteScript.Run(ctx, r.rdb, r.keys(), version, maxHistory).Text()
	if err != nil {
		return "", r.scriptErr("promote", version, err)
	}
	return prev, nil
}

// rollbackScript makes the newest previous version active again; it
// answers the version rolled back to, or an error reply.
var rollbackScript = redis.NewScript(`
local prev = redis.call('LPOP', KEYS[4])
if not prev then return redis.error_reply('MODEL_NO_PREVIOUS') end
redis.call('SET', KEYS[2], prev)
return prev
`)

// Rollback makes the previously active version active again and returns
// it.
func (r *Registry) Rollback(ctx context.Context) (string, error) {
	v, err := rollbackScript.Run(ctx, r.rdb, r.keys()).Text()
	if err != nil {
		return "", r.scriptErr("roll back", "", err)
	}
	return v, nil
}

// shadowScript sets or (ARGV[1] empty) clears the shadow version.
var shadowScript = redis.NewScript(`
if ARGV[1] == '' then redis.call('DEL', KEYS[3]) return 'ok' end
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 0 then return redis.error_reply('MODEL_UNKNOWN') end
redis.call('SET', KEYS[3], ARGV[1])
return 'ok'
`)

// SetShadow makes version the shadow; an empty version clears it.
func (r *Registry) SetShadow(ctx context.Context, version string) error {
	if err := shadowScript.Run(ctx, r.rdb, r.keys(), version).Err(); err != nil {
		return r.scriptErr("shadow", version, err)
	}
	return nil
}

func (r *Registry) keys() []string {
	return []string{r.key("files"), r.key("active"), r.key("shadow"), r.key("previous")}
}

func (r *Registry) scriptErr(op, version string, err error) error {
	switch {
	case strings.Contains(err.Error(), "MODEL_UNKNOWN"):
		return fmt.Errorf("%s: %w: %s", op, ErrUnknownVersion, version)
	case strings.Contains(err.Error(), "MODEL_NO_PREVIOUS"):
		return fmt.Errorf("%s: %w", op, ErrNoPrevious)
	}
	return fmt.Errorf("%s model %s: %w", op, version, err)
}
