package registry

import (
	"context"
	"fmt"
	"net/http"
	"strconv"

	"github.com/twmb/franz-go/pkg/sr"
)

// replay applies the logged changes, in order, to the empty srfake.
func (r *Registry) replay(records []record) error {
	ctx := context.Background()
	seeded := make(map[int]bool)
	for i, rec := range records {
		var err error
		switch rec.Op {
		case opRegister:
			err = r.replayRegister(rec, seeded)
		case opConfig:
			var level sr.CompatibilityLevel
			if err = level.UnmarshalText([]byte(rec.Level)); err == nil {
				err = r.setLevel(ctx, rec.Subject, level)
			}
		case opConfigDelete:
			err = r.deleteLevel(ctx, rec.Subject)
		case opDeleteSubject:
			err = r.replayCall(ctx, http.MethodDelete, subjectPath(rec.Subject)+deleteQuery(rec.Permanent))
		case opDeleteVersion:
			err = r.replayCall(ctx, http.MethodDelete,
				subjectPath(rec.Subject)+"/versions/"+strconv.Itoa(rec.Version)+deleteQuery(rec.Permanent))
		}
		if err != nil {
			return fmt.Errorf("record %d (%s %q): %w", i+1, rec.Op, rec.Subject, err)
		}
	}
	return nil
}

// replayRegister restores one registration with its logged id and version.
// SeedSchema panics on an id that is already present, so an id seen before
// (the same schema under another subject) goes through RegisterSchema, which
// reuses it, and the outcome is checked.
func (r *Registry) replayRegister(rec record, seeded map[int]bool) (err error) {
	if !seeded[rec.ID] {
		if _, taken := r.fake.GetSchema(rec.Subject, rec.Version); taken {
			return fmt.Errorf("version %d is already taken", rec.Version)
		}
		defer func() {
			if p := recover(); p != nil {
				err = fmt.Errorf("seed id %d version %d: %v", rec.ID, rec.Version, p)
			}
		}()
		r.fake.SeedSchema(rec.Subject, rec.Version, rec.ID, *rec.Schema)
		seeded[rec.ID] = true
		return nil
	}
	id, version, err := r.fake.RegisterSchema(rec.Subject, *rec.Schema)
	if err != nil {
		return fmt.Errorf("re-register id %d: %w", rec.ID, err)
	}
	if id != rec.ID || version != rec.Version {
		return fmt.Errorf("re-registering gave id %d version %d, the log says id %d version %d",
			id, version, rec.ID, rec.Version)
	}
	return nil
}

func (r *Registry) replayCall(ctx context.Context, method, path string) error {
	status, body := r.callFake(ctx, method, path, nil)
	if status != http.StatusOK {
		return relayed(status, body)
	}
	return nil
}
