/** The spec's texts for this screen. Update failures reuse the delete text, as the spec says. */
export const statusMessages = {
  created: 'Device Status Created',
  updated: 'Device Status Updated',
  deleted: 'Device Status Deleted',
  createFailed: 'Error In Creating Device Status',
  changeFailed: 'Error In Deleting Device Status',
  deleteConfirmation:
    'All related information of this device will be deleted and cannot be recovered. Are you sure to continue?',
} as const;

export const BINARY_VALUES = [
  { value: 1, label: 'ON' },
  { value: 0, label: 'OFF' },
] as const;
