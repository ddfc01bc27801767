// not a submission
