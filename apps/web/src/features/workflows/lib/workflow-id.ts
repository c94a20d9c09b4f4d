import { useParams } from 'react-router';

/** The workflow id of the route, or undefined when the address holds no valid id. */
export function useWorkflowId(): number | undefined {
  const { id } = useParams();
  const value = Number(id);
  return Number.isInteger(value) && value > 0 ? value : undefined;
}
