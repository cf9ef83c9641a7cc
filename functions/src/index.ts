// Reserved for the Cloud Functions entry (Firebase backend); see the Firebase issue.
export {};
