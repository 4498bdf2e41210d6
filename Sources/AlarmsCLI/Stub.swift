public enum AlarmsCLIStub {}
