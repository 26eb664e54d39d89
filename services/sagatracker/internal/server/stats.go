package server

import (
	"context"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/types/known/durationpb"
	"google.golang.org/protobuf/types/known/timestamppb"

	trackerv1 "github.com/docket-run/docket/proto/docket/tracker/v1"
)

// defaultStatsWindow is GetStats's window when the request names none.
const defaultStatsWindow = time.Hour

// GetStats returns the figures of a recent window.
func (s *Server) GetStats(ctx context.Context, req *trackerv1.GetStatsRequest) (*trackerv1.Stats, error) {
	p, err := principal(ctx)
	if err != nil {
		return nil, err
	}
	tenant, err := scope(p, req.GetTenant())
	if err != nil {
		return nil, err
	}
	window := defaultStatsWindow
	if w := req.GetWindow(); w != nil {
		window = w.AsDuration().Truncate(time.Minute)
	}
	if limit := s.store.StatsRetention(); window < time.Minute || window > limit {
		return nil, status.Errorf(codes.InvalidArgument, "window must be 1m to %s", limit)
	}
	st, err := s.store.Stats(ctx, tenant, s.clock.Now(), window, tenant == "")
	if err != nil {
		return nil, s.status(err)
	}
	out := &trackerv1.Stats{
		From: timestamppb.New(st.From), To: timestamppb.New(st.To),
		Active: st.Active, Started: st.Started, Completed: st.Completed, Failed: st.Failed,
		Canceled: st.Canceled, TimedOut: st.TimedOut, ExceptionRate: st.ExceptionRate(),
		DeadLetters: st.DeadLetters, Parked: st.Parked, Retrying: st.Retrying, WaitingReview: st.WaitingReview,
		Reviews: st.Reviews, ReviewRate: st.ReviewRate(),
	}
	for _, x := range st.Steps {
		out.Steps = append(out.Steps, &trackerv1.StepStats{
			Step: x.Step, Finished: x.Finished,
			ProcessingP50: durationpb.New(x.P50), ProcessingP95: durationpb.New(x.P95), ProcessingP99: durationpb.New(x.P99),
			Waiting:     x.Waiting,
			QueueAgeP50: durationpb.New(x.AgeP50), QueueAgeP95: durationpb.New(x.AgeP95), QueueAgeP99: durationpb.New(x.AgeP99),
		})
	}
	for _, d := range st.Decisions {
		out.Decisions = append(out.Decisions, &trackerv1.DecisionCount{DocumentType: d.DocumentType, ModelVersion: d.ModelVersion, Count: d.Count})
	}
	return out, nil
}
